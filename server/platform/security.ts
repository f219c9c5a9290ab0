import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MEDIA_HOST_ALLOWLIST } from '../../src/page-config/allowedUrls'
import { PRERENDER_BOOT_SCRIPT } from '../../src/page-config/prerenderBoot'
import { ApiError } from './errors'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The one inline script we send: prerendered config pages' boot script (src/page-config/prerenderBoot.ts). */
const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRERENDER_BOOT_SCRIPT).digest('base64')}'`

/** The media hosts of src/page-config/allowedUrls.ts, the only outside hosts a page may load images or videos from. */
const MEDIA_ORIGINS = MEDIA_HOST_ALLOWLIST.map((host) => `https://${host}`).join(' ')

// Scripts only from our own origin (and the one inline script above), plus WeChat's JS-SDK when the official
// account is configured (WECHAT_JSSDK_URL's origin: the share cards); antd-mobile sets inline styles. Images
// and videos from our own origin (data: and blob: for drawn posters and picked photos) and the allowed media
// hosts, nowhere else: a config or an old published version cannot make a visitor's browser contact another host.
export function contentSecurityPolicy(scriptOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", BOOT_SCRIPT_HASH, ...scriptOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${MEDIA_ORIGINS}`,
    "font-src 'self' data:",
    `media-src 'self' ${MEDIA_ORIGINS}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * A file that is not a page but that a browser would still show as a document when opened by itself (an SVG, a
 * JSON or text file): nothing in it may run or load anything. Scripts, stylesheets, fonts and raster images get
 * no policy: a policy applies to documents only, and the page's 430-byte header on each of a first visit's 20 to
 * 30 files cost a phone on a slow network about 10 KB (bench:routes, slow 3G). Pages (paths without an extension,
 * .html) get the page's full set.
 */
export const FILE_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox"
const INERT_FILE = /\.(m?js|css|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|ico)$/i
const OTHER_FILE = /\.(?!html?$)[a-z0-9]{1,8}$/i

/** The policy headers the response to a request for this path needs. */
function documentHeaders(path: string, pagePolicy: string): Record<string, string> {
  if (INERT_FILE.test(path)) return {}
  if (OTHER_FILE.test(path)) return { 'Content-Security-Policy': FILE_SECURITY_POLICY }
  return {
    'Content-Security-Policy': pagePolicy,
    'X-Frame-Options': 'SAMEORIGIN',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
}

/** The origin this request was addressed to: scheme (from X-Forwarded-Proto behind a trusted proxy), host, port. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return null
  }
}

function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (origin === undefined) {
    // Browsers send Origin on cross-site POSTs; without it, Sec-Fetch-Site still tells a foreign page.
    const site = request.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  }
  let given: string
  try {
    given = new URL(origin).origin
  } catch {
    return false
  }
  // Scheme, host and port must all match: https://host:P is another origin than http://host:P.
  return given !== 'null' && given === ownOrigin(request)
}

/** JSON only for writes (no form posts a foreign page could forge), same-origin only, security headers. */
export function installSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return
    if (!isSameOrigin(request)) throw new ApiError(403, 'FORBIDDEN_ORIGIN', '不允许跨站请求')
  })

  // Production is served over https (behind its proxy): browsers then refuse plain http to this host for a year.
  // Never in demo mode, which runs on http (localhost, a LAN address) where HSTS would lock the browser out.
  const production = app.services.mode === 'production'
  const jsSdk = app.services.wechatConfig?.jssdkUrl
  const pagePolicy = contentSecurityPolicy(jsSdk ? [new URL(jsSdk).origin] : [])
  app.addHook('onSend', async (request, reply, payload) => {
    if (production) reply.header('Strict-Transport-Security', HSTS)
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'same-origin')
    reply.header('X-Request-Id', request.id)
    if (request.url.startsWith('/api/')) {
      // API answers are not cached, unless a route says how (an owner's own image: private).
      if (!reply.hasHeader('Cache-Control') || reply.statusCode >= 300)
        reply.header('Cache-Control', 'no-store')
    } else {
      reply.headers(documentHeaders(request.url.split('?')[0], pagePolicy))
    }
    // An answer that sets a cookie (a visitor's new analytics id, a session) is that visitor's alone: a shared
    // cache must never keep it and hand the cookie to the next visitor, whatever the route said.
    const cacheControl = String(reply.getHeader('Cache-Control') ?? '')
    if (reply.hasHeader('Set-Cookie') && !/\b(private|no-store)\b/.test(cacheControl))
      reply.header('Cache-Control', 'private, no-cache')
    return payload
  })
}
