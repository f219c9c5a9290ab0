import type { FastifyReply, FastifyRequest } from 'fastify'
import { BIND_COOKIE, clearWechatCookie, wechatCookie } from './cookies'

/**
 * After a successful SMS login: the WeChat account waiting in this browser's wx_bind cookie is bound to the user
 * (the pending binding is taken once, in one statement) and the cookie cleared. True when it was bound.
 */
export async function bindWaitingWechat(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<boolean> {
  if (request.cookies[BIND_COOKIE] === undefined) return false
  clearWechatCookie(reply, BIND_COOKIE)
  const token = wechatCookie(request, BIND_COOKIE)
  return token ? request.server.services.wechat.bindWaiting(token, userId) : false
}
