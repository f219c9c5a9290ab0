import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'
import { sendMedia } from '../media/send'
import { staffOf } from '../studio/guard'
import { CONVERSATION_CHANNEL, messagesAfter, QUEUE_CHANNEL, toMessage } from './thread'
import { resumePoint, type StreamEvent } from './stream'

/** 在线客服's desk in the studio: 客服 and 管理员 (`staff: 'agent'`); writes need the studio's CSRF header. */
export const deskRoutes: FastifyPluginAsync = async (app) => {
  const { desk, serviceStreams, media, studioMedia } = app.services
  const tags = ['studio']
  const staff = 'agent' as const

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/conversations',
    schema: {
      summary: '在线客服会话：排队与留言、我接待中、全部接待中、已结束（手机号脱敏）',
      tags,
      staff,
      querystring: 'service/DeskListQuery',
      response: 'service/DeskList',
    },
    handler: async (request) => desk.list(staffOf(request), request.query.queue),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/conversations/:id',
    schema: {
      summary: '会话与消息（序号大于 after 的）；接待中的客服读到即为已读',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'service/MessagesQuery',
      response: 'service/DeskThread',
    },
    handler: async (request) => desk.thread(staffOf(request), request.params.id, request.query.after ?? 0),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/desk/conversations/:id/take',
    schema: {
      summary: '接待排队中的会话（两位客服同时接待时只有一位成功）',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      response: 'service/DeskThread',
    },
    handler: async (request) => desk.take(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/desk/conversations/:id/messages',
    schema: {
      summary: '回复（文字至多 500 字或素材库图片）；同一 clientId 只发一次；用户不在线时也进消息中心',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      body: 'service/DeskMessageInput',
      response: 'service/DeskThread',
    },
    handler: async (request) => desk.reply(staffOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/desk/conversations/:id/transfer',
    schema: {
      summary: '转接给其他客服，或退回排队',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      body: 'service/TransferInput',
      response: 'service/DeskThread',
    },
    handler: async (request) => desk.transfer(staffOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/desk/conversations/:id/close',
    schema: {
      summary: '结束会话（用户随后可评价）',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      response: 'service/DeskThread',
    },
    handler: async (request) => desk.close(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/conversations/:id/customer',
    schema: {
      summary: '用户的订单与保单（脱敏；每次查看记入操作日志）',
      tags,
      staff,
      params: 'service/ConversationParams',
      querystring: 'common/EmptyQuery',
      response: 'service/DeskCustomer',
    },
    handler: async (request) => desk.customer(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/conversations/:id/images/:mediaId',
    schema: {
      summary: '用户在会话中发送的图片',
      tags,
      staff,
      params: 'service/DeskImageParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) =>
      sendMedia(reply, await media.openShared(await desk.imageOf(request.params.id, request.params.mediaId))),
  })

  // An agent's image goes into the studio's asset library (re-encoded, public address) like a page's; the library
  // itself stays page work. Only this route takes a multipart body.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: studioMedia.maxUploadBytes, files: 1 } })
    route(uploads, {
      method: 'POST',
      url: '/api/studio/desk/images',
      schema: {
        summary: '上传回复用的图片（multipart：一个 file；重新编码；返回素材库地址）',
        tags,
        staff,
        querystring: 'common/EmptyQuery',
        multipart: 'studio/MediaForm',
        response: 'studio/MediaAsset',
      },
      handler: async (request) => studioMedia.upload(request, staffOf(request)),
    })
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/agents',
    schema: {
      summary: '可转接的客服（及其接待中的会话数）',
      tags,
      staff,
      querystring: 'common/EmptyQuery',
      response: 'service/DeskAgents',
    },
    handler: async () => desk.agents(),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/desk/stream',
    schema: {
      summary:
        '工作台推送（text/event-stream）：changed 事件（某会话或排队有变化）与正在查看的会话的 message 事件（id 为序号）',
      tags,
      staff,
      querystring: 'service/DeskStreamQuery',
      headers: 'service/StreamHeaders',
    },
    config: { csrfInQuery: true },
    handler: async (request, reply) => {
      const { conversation } = request.query
      if (conversation) await desk.conversation(conversation)
      const changed = new Set<string>()
      await serviceStreams.serve(request, reply, {
        channels: [CONVERSATION_CHANNEL, QUEUE_CHANNEL],
        concerns: (_channel, payload) => {
          changed.add(payload)
          return true
        },
        after: resumePoint(request, request.query.after),
        read: async (after) => {
          const events: StreamEvent[] = [...changed].map((id) => ({
            event: 'changed',
            data: { conversationId: id },
          }))
          changed.clear()
          if (!conversation) return { events, last: after }
          const rows = await messagesAfter(app.services.db, conversation, after)
          events.push(...rows.map((m) => ({ event: 'message', id: m.seq, data: toMessage(m, 'agent') })))
          return { events, last: rows.at(-1)?.seq ?? after }
        },
      })
    },
  })
}
