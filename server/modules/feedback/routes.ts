import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { feedbackDeskRoutes } from './deskRoutes'

/** The caller's feedback (the session; only the caller's own), and the service desk's routes (deskRoutes.ts). */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { feedback } = app.services
  const tags = ['feedback']

  route(app, {
    method: 'POST',
    url: '/api/feedback',
    schema: {
      summary: '提交意见反馈（内容 10–500 字，最多 6 张本人上传的图片）；支持 Idempotency-Key',
      tags,
      auth: true,
      headers: 'common/IdempotencyHeaders',
      querystring: 'common/EmptyQuery',
      body: 'feedback/FeedbackInput',
      response: 'feedback/Feedback',
    },
    preHandler: idempotent,
    handler: async (request) => feedback.create(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/feedback',
    schema: {
      summary: '我的反馈（分页，最新在前，含回复）',
      tags,
      auth: true,
      querystring: 'feedback/FeedbackQuery',
      response: 'feedback/FeedbackPage',
    },
    handler: async (request) => feedback.list(userIdOf(request), request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/feedback/:id',
    schema: {
      summary: '反馈详情（含回复）',
      tags,
      auth: true,
      params: 'feedback/FeedbackParams',
      querystring: 'common/EmptyQuery',
      response: 'feedback/Feedback',
    },
    handler: async (request) => feedback.get(userIdOf(request), request.params.id),
  })

  feedbackDeskRoutes(app)
}
