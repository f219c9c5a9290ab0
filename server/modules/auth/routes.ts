import type { FastifyPluginAsync } from 'fastify'
import { clearSessionCookie, sessionToken, userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { bindWaitingWechat } from '../wechat/loginBinding'
import { appTokenRoutes } from './appToken/routes'
import { startSession } from './sessionStart'

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { login, users, sessions, secureCookies } = app.services

  route(app, {
    method: 'POST',
    url: '/api/auth/sms-code',
    schema: {
      summary: '获取短信登录验证码（60秒一次，5分钟有效）',
      tags: ['auth'],
      querystring: 'common/EmptyQuery',
      body: 'auth/SmsCodeRequest',
      response: 'auth/SmsCodeResponse',
    },
    handler: async (request) => login.sendCode(request.body.phone, request.ip),
  })

  route(app, {
    method: 'POST',
    url: '/api/auth/login',
    schema: {
      summary: '验证码登录（新手机号自动注册），需同意三项协议',
      tags: ['auth'],
      querystring: 'common/EmptyQuery',
      body: 'auth/LoginRequest',
      response: 'auth/LoginResponse',
    },
    handler: async (request, reply) => {
      const { phone, code, agreements } = request.body
      const { userId, isNewUser } = await login.login(phone, code, agreements, request.ip)
      await startSession(request, reply, userId)
      // A WeChat account that authorized just before (the wx_bind cookie) is bound to this user now.
      const wechatBound = await bindWaitingWechat(request, reply, userId)
      return { user: await users.get(userId), isNewUser, wechatBound }
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/auth/logout',
    schema: {
      summary: '退出登录（服务端结束会话）',
      tags: ['auth'],
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request, reply) => {
      const token = sessionToken(request)
      if (token) await sessions.destroy(token)
      clearSessionCookie(reply, secureCookies)
      return { ok: true as const }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/me',
    schema: {
      summary: '当前用户',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'auth/Me',
    },
    handler: async (request) => users.get(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/me/overview',
    schema: {
      summary: '“我的”页概览：本人各状态订单数与保单数',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'auth/MeOverview',
    },
    handler: async (request) => users.overview(userIdOf(request)),
  })

  route(app, {
    method: 'PATCH',
    url: '/api/me',
    schema: {
      summary: '修改昵称（2–20 个字）',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'auth/UpdateMeRequest',
      response: 'auth/Me',
    },
    handler: async (request) => users.update(userIdOf(request), request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/me/real-name',
    schema: {
      summary: '实名认证（姓名 + 居民身份证）',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'auth/RealNameRequest',
      response: 'auth/Me',
    },
    handler: async (request) => users.verifyRealName(userIdOf(request), request.body),
  })

  // The demo SMS outbox: lets testers and e2e tests read the code. Not registered in production mode.
  if (app.services.mode === 'demo') {
    route(app, {
      method: 'GET',
      url: '/api/dev/sms-outbox',
      schema: {
        summary: '演示环境：读取最近一条短信验证码',
        tags: ['dev'],
        querystring: 'auth/SmsOutboxQuery',
        response: 'auth/SmsOutboxResponse',
      },
      handler: async (request) => {
        const row = await app.services.db
          .selectFrom('sms_outbox')
          .select(['code', 'message', 'created_at'])
          .where('phone', '=', request.query.phone)
          // Notices (appointment confirmations) carry no code.
          .where('code', '<>', '')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
        if (!row) throw new ApiError(404, 'NOT_FOUND', '该手机号没有短信记录')
        return { code: row.code, message: row.message, sentAt: toIso(row.created_at) }
      },
    })
  }

  appTokenRoutes(app)
}
