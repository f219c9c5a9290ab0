import type { FastifyReply, FastifyRequest } from 'fastify'
import { sessionToken, setSessionCookie } from '../../platform/auth'

/**
 * Logs the browser in as `userId`, by whichever way it proved who it is (SMS code, the app's token, a bound
 * WeChat account): a previous session on this browser ends (one cookie, one user), a new one starts, and what the
 * pages promise at login (the 新人礼包) is given, whose failure never fails the login.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const { sessions, secureCookies, giftCollections } = request.server.services
  const previous = sessionToken(request)
  if (previous) await sessions.destroy(previous)
  const { token } = await sessions.create(userId)
  setSessionCookie(reply, token, secureCookies)
  await giftCollections
    .grantOnLogin(userId)
    .catch((error: unknown) => request.log.error({ err: error, userId }, 'grant on login failed'))
}
