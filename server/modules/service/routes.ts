import type { FastifyPluginAsync } from 'fastify'
import { OFFLINE_AFTER_MS } from '../../../src/domain/serviceDesk'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'
import { messagesAfter, toMessage, CONVERSATION_CHANNEL, QUEUE_CHANNEL } from './thread'
import { resumePoint, type StreamEvent } from './stream'

/** 在线客服 for the signed-in customer: their own conversations only (another's is 404). */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  const { conversations, serviceStreams, now } = app.services
  const tags = ['service']

  route(app, {
    method: 'POST',
    url: '/api/service/conversations',
    schema: {
      summary: '进入在线客服：返回进行中的会话，没有则新建（附上从哪个产品、订单、保单或理赔进入）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'service/ConversationOpen',
      response: 'service/Conversation',
    },
    handler: async (request) => conversations.open(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/service/conversations/current',
    schema: {
      summary: '进行中的会话（没有则为 null）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'service/CurrentConversation',
    },
    handler: async (request) => ({ conversation: await conversations.current(userIdOf(request)) }),
  })

  route(app, {
    method: 'GET',
    url: '/api/service/conversations/:id/messages',
    schema: {
      summary: '会话的消息（序号大于 after 的，按序号）',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'service/MessagesQuery',
      response: 'service/MessageList',
    },
    handler: async (request) =>
      conversations.messages(userIdOf(request), request.params.id, request.query.after ?? 0),
  })

  route(app, {
    method: 'POST',
    url: '/api/service/conversations/:id/messages',
    schema: {
      summary:
        '发送消息（文字至多 500 字，或一张本人上传的图片）；同一 clientId 只发一次；每分钟 20 条、每天 300 条',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      body: 'service/MessageInput',
      response: 'service/SentMessage',
    },
    handler: async (request) => conversations.send(userIdOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/service/conversations/:id/handoff',
    schema: {
      summary: '转人工：服务时间内排队，非服务时间留言',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      response: 'service/Conversation',
    },
    handler: async (request) => conversations.handoff(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/service/conversations/:id/close',
    schema: {
      summary: '结束会话',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      response: 'service/Conversation',
    },
    handler: async (request) => conversations.close(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/service/conversations/:id/rating',
    schema: {
      summary: '评价客服（会话结束后一次）',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      body: 'service/RatingInput',
      response: 'service/Conversation',
    },
    handler: async (request) => conversations.rate(userIdOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/service/conversations/:id/stream',
    schema: {
      summary:
        '消息推送（text/event-stream）：message 事件（id 为序号，断线重连按 Last-Event-ID 接续）与 conversation 状态事件',
      tags,
      auth: true,
      params: 'service/ConversationParams',
      querystring: 'service/StreamQuery',
      headers: 'service/StreamHeaders',
    },
    handler: async (request, reply) => {
      const userId = userIdOf(request)
      const { id } = request.params
      await conversations.row(userId, id)
      let lastState = ''
      await serviceStreams.serve(request, reply, {
        channels: [CONVERSATION_CHANNEL, QUEUE_CHANNEL],
        // The queue moves the waiting position; only a queued conversation shows one.
        concerns: (channel, payload) => channel === QUEUE_CHANNEL || payload === id,
        after: resumePoint(request, request.query.after),
        read: async (after) => {
          const rows = await messagesAfter(app.services.db, id, after)
          const events: StreamEvent[] = rows.map((m) => ({
            event: 'message',
            id: m.seq,
            data: toMessage(m, 'customer'),
          }))
          const state = await conversations.conversation(await conversations.row(userId, id))
          const text = JSON.stringify(state)
          if (text !== lastState) events.push({ event: 'conversation', data: state })
          lastState = text
          return { events, last: rows.at(-1)?.seq ?? after }
        },
        beat: () => conversations.seen(id, new Date(now().getTime() + OFFLINE_AFTER_MS)),
        ended: () => conversations.seen(id, now()),
      })
    },
  })
}
