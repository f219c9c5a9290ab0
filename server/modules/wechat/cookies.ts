import type { FastifyReply, FastifyRequest } from 'fastify'

// The two cookies of web authorization, both HttpOnly, SameSite=Lax (WeChat's redirect back to us is a top-level
// GET from another site, which carries Lax cookies) and signed like the session cookie:
//   wx_oauth  the state of the round trip this browser started (10 minutes), read by the callback only
//   wx_bind   the token of a WeChat account waiting for the login that binds it (30 minutes), read by the login

export const OAUTH_COOKIE = 'wx_oauth'
export const BIND_COOKIE = 'wx_bind'
export const OAUTH_COOKIE_PATH = '/api/wechat/oauth'
export const BIND_COOKIE_PATH = '/api/auth'
export const OAUTH_STATE_TTL_MS = 10 * 60_000
export const PENDING_BINDING_TTL_MS = 30 * 60_000

const options = (path: string, secure: boolean) =>
  ({ path, httpOnly: true, sameSite: 'lax', secure, signed: true }) as const

export function setWechatCookie(
  reply: FastifyReply,
  name: typeof OAUTH_COOKIE | typeof BIND_COOKIE,
  value: string,
): void {
  const secure = reply.server.services.secureCookies
  const [path, ttl] =
    name === OAUTH_COOKIE
      ? [OAUTH_COOKIE_PATH, OAUTH_STATE_TTL_MS]
      : [BIND_COOKIE_PATH, PENDING_BINDING_TTL_MS]
  reply.setCookie(name, value, { ...options(path, secure), maxAge: ttl / 1000 })
}

export function clearWechatCookie(reply: FastifyReply, name: typeof OAUTH_COOKIE | typeof BIND_COOKIE): void {
  const secure = reply.server.services.secureCookies
  const { signed: _signed, ...rest } = options(
    name === OAUTH_COOKIE ? OAUTH_COOKIE_PATH : BIND_COOKIE_PATH,
    secure,
  )
  reply.clearCookie(name, rest)
}

/** The cookie's value when present and signed by us; null otherwise. */
export function wechatCookie(
  request: FastifyRequest,
  name: typeof OAUTH_COOKIE | typeof BIND_COOKIE,
): string | null {
  const raw = request.cookies[name]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}
