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

// Scripts only from our own origin (and the one inline script above); antd-mobile sets inline styles. Images
// and videos from our own origin (data: and blob: for drawn posters and picked photos) and the allowed media
// hosts, nowhere else: a config or an old published version cannot make a visitor's browser contact another host.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
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

const HSTS = 'max-age=31536000; includeSubDomains'

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
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      reply.header('X-Frame-Options', 'SAMEORIGIN')
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    }
    return payload
  })
}
