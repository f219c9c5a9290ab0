import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

// The anonymous visitor of analytics and A/B tests: a random first-party cookie, nothing derived from the device
// (no fingerprinting), unrelated to the login session. A visitor who opted out (the 统计分析 switch writes
// ANALYTICS_OFF_COOKIE; or their browser sends Do Not Track / Global Privacy Control) gets no id, no event of
// theirs is kept, and a test shows them its control.

export const VISITOR_COOKIE = 'aid'
export const ANALYTICS_OFF_COOKIE = 'analytics_off'
/** As long as raw events are kept. */
export const VISITOR_MAX_AGE_S = 180 * 24 * 3600
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** Whether the visitor said no to analytics (the switch, DNT or GPC). */
export function optedOut(request: FastifyRequest): boolean {
  return (
    request.cookies[ANALYTICS_OFF_COOKIE] === '1' ||
    request.headers.dnt === '1' ||
    request.headers['sec-gpc'] === '1'
  )
}

/** The request's visitor id; null when it has none (or a malformed one) or opted out. */
export function visitorOf(request: FastifyRequest): string | null {
  if (optedOut(request)) return null
  const id = request.cookies[VISITOR_COOKIE]
  return id && VISITOR_PATTERN.test(id) ? id : null
}

/** The request's visitor id, given one (Set-Cookie on the reply) when it has none; null when opted out. */
export function ensureVisitor(request: FastifyRequest, reply: FastifyReply, secure: boolean): string | null {
  if (optedOut(request)) return null
  const known = visitorOf(request)
  if (known) return known
  const id = randomBytes(16).toString('base64url')
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VISITOR_MAX_AGE_S,
  })
  // Later reads in this request (a render's own API requests) see the new id.
  request.cookies[VISITOR_COOKIE] = id
  return id
}

/** An address cut to its network (/24 for IPv4, /48 for IPv6): enough for abuse limits, not for a person. */
export function ipPrefix(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (ip.includes(':')) {
    const groups = ip.split('::')[0].split(':').slice(0, 3)
    while (groups.length < 3) groups.push('0')
    return `${groups.join(':')}::/48`
  }
  return 'unknown'
}
