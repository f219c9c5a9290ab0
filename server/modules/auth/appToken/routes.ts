import type { FastifyInstance } from 'fastify'
import { route } from '../../../platform/route'
import { startSession } from '../sessionStart'

/** POST /api/auth/app-token, registered with the other auth routes. */
export function appTokenRoutes(app: FastifyInstance): void {
  const { appTokenLogin, users } = app.services

  route(app, {
    method: 'POST',
    url: '/api/auth/app-token',
    schema: {
      summary: 'App内登录：以App的登录凭证登录（新用户或未同意现行协议时需同意三项协议）',
      tags: ['auth'],
      querystring: 'common/EmptyQuery',
      body: 'auth/AppTokenLoginRequest',
      response: 'auth/LoginResponse',
    },
    handler: async (request, reply) => {
      const { token, agreements } = request.body
      const { userId, isNewUser } = await appTokenLogin.login(token, agreements, request.ip)
      await startSession(request, reply, userId)
      return { user: await users.get(userId), isNewUser, wechatBound: false }
    },
  })
}
