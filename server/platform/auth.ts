import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import { unauthenticated } from './errors'
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions'
import { markReadsVisitor } from './sameForEveryone'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes whose schema says `auth: true`. */
    userId: string | null
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: SESSION_TTL_MS / 1000,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

/** The raw session token from the signed cookie, or null (absent or tampered). */
export function sessionToken(request: FastifyRequest): string | null {
  markReadsVisitor(request)
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}

/**
 * Resolves the session from the database (so any process can serve it), slides its expiry, and sets
 * request.userId; 401 UNAUTHENTICATED otherwise.
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionToken(request)
  if (!token) throw unauthenticated()
  const { sessions, secureCookies } = request.server.services
  const session = await sessions.resolve(token)
  if (!session) {
    clearSessionCookie(reply, secureCookies)
    throw unauthenticated()
  }
  if (session.extended) setSessionCookie(reply, token, secureCookies)
  request.userId = session.userId
}

/**
 * The one place routes are protected: a route whose schema says `auth: true` gets `authenticate` as its first
 * preHandler, one whose schema names a staff role (`staff: 'publisher'`) gets the studio's session and role check;
 * both run after validation and before the route's own preHandlers (such as `idempotent`, which need the user).
 * Install before any route is registered.
 */
export function installAuthentication(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const role = route.schema?.staff
    if (!route.schema?.auth && !role) return
    const own = route.preHandler ? [route.preHandler].flat() : []
    // Studio routes (`staff: role`): the studio's session and the role, checked the same way, in the same place.
    const guard: preHandlerHookHandler = role
      ? async function requireStaff(request, reply) {
          await request.server.services.staffGuard.authenticate(request, reply, role)
        }
      : (authenticate as preHandlerHookHandler)
    route.preHandler = [guard, ...own]
  })
}

/** The logged-in user's id inside a route whose schema says `auth: true`. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.userId) throw unauthenticated()
  return request.userId
}

/** The session's user on a route open to visitors too (null for a visitor or an expired session). */
export async function optionalUserId(request: FastifyRequest): Promise<string | null> {
  const token = sessionToken(request)
  if (!token) return null
  return (await request.server.services.sessions.resolve(token))?.userId ?? null
}
