import type { FastifyPluginAsync } from 'fastify'
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/order'
import { userIdOf } from '../../platform/auth'
import { ApiError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'

function parseStatuses(text: string | undefined): OrderStatus[] {
  if (!text) return []
  const parts = text.split(',').filter(Boolean)
  const bad = parts.find((p) => !(ORDER_STATUSES as readonly string[]).includes(p))
  if (bad)
    throw new ApiError(400, 'INVALID_INPUT', `订单状态（status）不正确：${bad}`, [
      { field: 'status', message: `不支持的订单状态：${bad}` },
    ])
  return parts as OrderStatus[]
}

/** Purchase gates (applications) and orders; every route needs the session and sees only the caller's data. */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  const { applications, orders, payments, analytics } = app.services
  const tags = ['orders']

  route(app, {
    method: 'POST',
    url: '/api/applications',
    schema: {
      summary: '开始投保：确认已知晓投保过程被记录，创建投保申请',
      tags,
      auth: true,
      body: 'order/OrderApplicationCreate',
      response: 'order/OrderApplication',
    },
    handler: async (request) => applications.create(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/applications/:id',
    schema: {
      summary: '投保申请及已通过的环节',
      tags,
      auth: true,
      params: 'order/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'order/OrderApplication',
    },
    handler: async (request) => applications.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/applications/:id/documents/:documentId',
    schema: {
      summary: '记录投保须知/条款的打开与确认（确认须在打开之后）',
      tags,
      auth: true,
      params: 'order/DocumentParams',
      body: 'order/OrderConsent',
      response: 'order/OrderApplication',
    },
    handler: async (request) =>
      applications.recordDocument(
        userIdOf(request),
        request.params.id,
        request.params.documentId,
        request.body.action,
      ),
  })

  route(app, {
    method: 'POST',
    url: '/api/applications/:id/documents',
    schema: {
      summary: '我已阅读并同意：确认全部投保须知与条款（未打开的文件如实记为未打开）',
      tags,
      auth: true,
      params: 'order/IdParams',
      body: 'order/OrderConsentAll',
      response: 'order/OrderApplication',
    },
    handler: async (request) => applications.confirmAllDocuments(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/applications/:id/health',
    schema: {
      summary:
        '健康告知与智能核保：服务端给出核保结论（标准体承保、除外承保、拒保），拒保时推荐适合的同类产品',
      tags,
      auth: true,
      params: 'order/IdParams',
      body: 'order/OrderHealth',
      response: 'order/HealthResult',
    },
    handler: async (request) => applications.submitHealth(userIdOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/orders',
    preHandler: idempotent,
    schema: {
      summary: '提交订单：复核全部环节与投保规则，服务端重新计算保费（支持 Idempotency-Key）',
      tags,
      auth: true,
      headers: 'common/IdempotencyHeaders',
      body: 'order/OrderCreate',
      response: 'order/Order',
    },
    handler: async (request) => {
      const order = await orders.create(userIdOf(request), request.body)
      await analytics.linkOrder(request, order.id)
      return order
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/orders',
    schema: {
      summary: '我的订单（可按状态筛选，逗号分隔）',
      tags,
      auth: true,
      querystring: 'order/OrderListQuery',
      response: 'order/OrderList',
    },
    handler: async (request) => ({
      items: await orders.list(userIdOf(request), parseStatuses(request.query.status)),
    }),
  })

  route(app, {
    method: 'GET',
    url: '/api/orders/:id',
    schema: {
      summary: '订单详情',
      tags,
      auth: true,
      params: 'order/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'order/Order',
    },
    handler: async (request) => orders.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/orders/:id/cancel',
    schema: {
      summary: '取消待支付订单',
      tags,
      auth: true,
      params: 'order/IdParams',
      response: 'order/Order',
    },
    handler: async (request) => {
      const cancelled = await orders.cancel(userIdOf(request), request.params.id)
      // A QR code still open must not take money for a cancelled order (a capture that races this is refunded).
      await payments.closePendingOf(cancelled.id)
      return orders.get(userIdOf(request), cancelled.id)
    },
  })
}
