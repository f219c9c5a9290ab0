import type { FastifyInstance } from 'fastify'
import { route } from '../../platform/route'
import { sendMedia } from '../media/send'
import { staffOf } from '../studio/guard'

/** 客服 (and 管理员): the feedback desk under /api/studio/cases (role and CSRF checked by the staff guard). */
export function feedbackDeskRoutes(app: FastifyInstance): void {
  const { feedbackDesk } = app.services
  const tags = ['desk']

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/feedback',
    schema: {
      summary: '客服：意见反馈列表（最新 100 条，可按状态筛选；联系电话脱敏）',
      tags,
      staff: 'agent',
      querystring: 'feedback/DeskFeedbackQuery',
      response: 'feedback/DeskFeedbackList',
    },
    handler: async (request) => feedbackDesk.list(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/feedback/:id',
    schema: {
      summary: '客服：一条意见反馈（内容、图片、回复；每次查看记入操作日志）',
      tags,
      staff: 'agent',
      params: 'feedback/FeedbackParams',
      querystring: 'common/EmptyQuery',
      response: 'feedback/DeskFeedback',
    },
    handler: async (request) => feedbackDesk.open(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/feedback/:id/phone',
    schema: {
      summary: '客服：反馈人的完整联系电话（回电需要时；每次查看记入操作日志）',
      tags,
      staff: 'agent',
      params: 'feedback/FeedbackParams',
      querystring: 'common/EmptyQuery',
      response: 'feedback/DeskPhone',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return feedbackDesk.phone(staffOf(request), request.params.id)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/feedback/:id/photos/:mediaId',
    schema: {
      summary: '客服：反馈所附的图片',
      tags,
      staff: 'agent',
      params: 'feedback/DeskPhotoParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) =>
      sendMedia(reply, await feedbackDesk.photo(request.params.id, request.params.mediaId)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/feedback/:id/reply',
    schema: {
      summary: '客服：回复意见反馈（每条反馈回复一次；用户在消息中心收到“反馈已回复”）',
      tags,
      staff: 'agent',
      params: 'feedback/FeedbackParams',
      querystring: 'common/EmptyQuery',
      body: 'feedback/DeskReplyInput',
      response: 'feedback/DeskFeedback',
    },
    handler: async (request) => feedbackDesk.reply(staffOf(request), request.params.id, request.body.body),
  })
}
