import type { FastifyServerOptions } from 'fastify'

// What the server logs must not hand a reader of the logs a way into someone's account or policy: session
// cookies and provider signatures are redacted by path, and every line is scrubbed of phone numbers (kept as
// 138****0000), share-link and studio preview-link tokens and session ids wherever they appear (URLs, messages,
// error texts).

const PHONE = /(?<![0-9])(1[3-9][0-9])[0-9]{4}([0-9]{4})(?![0-9])/g
// token=… or preview=… in a query string (WeChat's access_token, secret and ticket too), a policy share-link token
// (id.expiry.signature) or a studio preview token (base64url JSON claims.signature, server/modules/pages/previewTokens.ts)
// anywhere.
const TOKEN_PARAM = /\b(token|access_token|secret|ticket|sid|code|preview)=[^&"\s\\]+/g
const SHARE_TOKEN = /\b[0-9a-f-]{36}\.\d{13}\.[A-Za-z0-9_-]{43}\b/g
const PREVIEW_TOKEN = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\b/g

export function scrubLogLine(line: string): string {
  return line
    .replace(TOKEN_PARAM, '$1=[已隐藏]')
    .replace(SHARE_TOKEN, '[已隐藏]')
    .replace(PREVIEW_TOKEN, '[已隐藏]')
    .replace(PHONE, '$1****$2')
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["wechatpay-signature"]',
        'req.headers["x-pay-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[已隐藏]',
    },
    hooks: { streamWrite: scrubLogLine },
    ...(stream ? { stream } : {}),
  }
}
