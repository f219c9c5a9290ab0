import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** The caller's messages: every route needs the session and sees only the caller's messages. */
export const messageRoutes: FastifyPluginAsync = async (app) => {
  const { messages } = app.services
  const tags = ['messages']

  route(app, {
    method: 'GET',
    url: '/api/messages',
    schema: {
      summary: '我的消息（分页，最新在前，可按分类）',
      tags,
      auth: true,
      querystring: 'message/MessageQuery',
      response: 'message/MessagePage',
    },
    handler: async (request) => messages.list(userIdOf(request), request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/messages/unread',
    schema: {
      summary: '未读消息数（合计与各分类）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'message/UnreadCounts',
    },
    handler: async (request) => messages.unread(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/messages/read-all',
    schema: {
      summary: '全部标为已读（可只标记一个分类）',
      tags,
      auth: true,
      querystring: 'message/ReadAllQuery',
      response: 'message/UnreadCounts',
    },
    handler: async (request) => messages.readAll(userIdOf(request), request.query.category),
  })

  route(app, {
    method: 'GET',
    url: '/api/messages/:id',
    schema: {
      summary: '消息详情',
      tags,
      auth: true,
      params: 'message/MessageParams',
      querystring: 'common/EmptyQuery',
      response: 'message/Message',
    },
    handler: async (request) => messages.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/messages/:id/read',
    schema: {
      summary: '标为已读',
      tags,
      auth: true,
      params: 'message/MessageParams',
      querystring: 'common/EmptyQuery',
      response: 'message/Message',
    },
    handler: async (request) => messages.read(userIdOf(request), request.params.id),
  })
}
