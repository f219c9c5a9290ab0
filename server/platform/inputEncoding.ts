import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from './errors'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth'

// What a request's bytes may be: JSON bodies in UTF-8 only, decoded strictly (an invalid sequence is a 400,
// never silently replaced), nested at most MAX_JSON_DEPTH deep (before anything walks it), another charset a 415,
// a body on a route that takes none a 400; and a query string of valid percent-encoded UTF-8 (flat: Fastify's
// parser never nests `a[b]=1`). A route may ask for the exact body text (payment callbacks: the
// signature covers the bytes as sent).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the body text as received in request.rawBody. */
    rawBody?: boolean
  }
  interface FastifyRequest {
    rawBody: string | null
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')
  return match ? match[1].toLowerCase() : null
}

/** Fastify's query parser keeps a sequence it cannot decode (%FF) as literal text; we refuse it instead. */
function isValidQuery(query: string): boolean {
  try {
    decodeURIComponent(query.replaceAll('+', ' '))
    return true
  } catch {
    return false
  }
}

const bodyProblem = (message: string) => [{ field: '请求体', message }]

/**
 * A JSON body parser with the API's rules: UTF-8 only (another charset 415), decoded strictly, nested at most
 * MAX_JSON_DEPTH deep, the text kept where the route asks (rawBody). The analytics ingest also uses it for
 * text/plain (navigator.sendBeacon's strings).
 */
export function strictJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  return (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
    const charset = charsetOf(request.headers['content-type'])
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      done(new ApiError(415, 'UNSUPPORTED_CHARSET', '请求内容的字符集不受支持，请使用 UTF-8'), undefined)
      return
    }
    let text: string
    try {
      text = strictUtf8.decode(body)
    } catch {
      done(
        new ApiError(
          400,
          'INVALID_ENCODING',
          '请求内容不是合法的 UTF-8 编码',
          bodyProblem('不是合法的 UTF-8'),
        ),
        undefined,
      )
      return
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError(
          400,
          'JSON_TOO_DEEP',
          `数据嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`,
          bodyProblem(`嵌套超过 ${MAX_JSON_DEPTH} 层`),
        ),
        undefined,
      )
      return
    }
    if (request.routeOptions.config.rawBody) request.rawBody = text
    parseJson(request, text, done)
  }
}

export function installInputEncoding(app: FastifyInstance): void {
  app.decorateRequest('rawBody', null)
  // Fastify also accepts text/plain by default: a cross-site <form enctype=text/plain> could post "JSON".
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, strictJsonParser(app))

  app.addHook('onRequest', async (request) => {
    const query = request.url.indexOf('?')
    if (query >= 0 && !isValidQuery(request.url.slice(query + 1)))
      throw new ApiError(400, 'BAD_URL', '请求地址编码不正确', [
        { field: '查询参数', message: '不是合法的 URL 编码' },
      ])
    if (request.is404 || request.routeOptions.schema?.body || request.routeOptions.schema?.multipart) return
    const length = request.headers['content-length']
    const hasBody =
      (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
    if (hasBody)
      throw new ApiError(400, 'BODY_NOT_ALLOWED', '该接口不接受请求体', bodyProblem('该接口不接受请求体'))
  })
}
