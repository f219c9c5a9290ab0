import type { FastifyPluginAsync } from 'fastify'
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/order'
import type {
  DocumentParams,
  IdParams,
  OrderApplicationCreate,
  OrderConsent,
  OrderCreate,
  OrderHealth,
  OrderListQuery,
} from '../../../src/types/generated/api/order'
import { userIdOf } from '../../platform/auth'
import { ApiError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { apiSchema } from '../../platform/schemas'

const schema = (name: string) => apiSchema('order', name)
const emptyQuery = apiSchema('common', 'EmptyQuery')
const idempotencyHeaders = apiSchema('common', 'IdempotencyHeaders')

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
  const { applications, orders, payments } = app.services
  const tags = ['orders']

  app.post<{ Body: OrderApplicationCreate }>(
    '/api/applications',
    {
      schema: {
        summary: '开始投保：确认已知晓投保过程被记录，创建投保申请',
        tags,
        auth: true,
        body: schema('OrderApplicationCreate'),
        response: { 200: schema('OrderApplication') },
      },
    },
    async (request) => applications.create(userIdOf(request), request.body),
  )

  app.get<{ Params: IdParams }>(
    '/api/applications/:id',
    {
      schema: {
        summary: '投保申请及已通过的环节',
        tags,
        auth: true,
        params: schema('IdParams'),
        querystring: emptyQuery,
        response: { 200: schema('OrderApplication') },
      },
    },
    async (request) => applications.get(userIdOf(request), request.params.id),
  )

  app.post<{ Params: DocumentParams; Body: OrderConsent }>(
    '/api/applications/:id/documents/:documentId',
    {
      schema: {
        summary: '记录投保须知/条款的打开与确认（确认须在打开之后）',
        tags,
        auth: true,
        params: schema('DocumentParams'),
        body: schema('OrderConsent'),
        response: { 200: schema('OrderApplication') },
      },
    },
    async (request) =>
      applications.recordDocument(
        userIdOf(request),
        request.params.id,
        request.params.documentId,
        request.body.action,
      ),
  )

  app.post<{ Params: IdParams; Body: OrderHealth }>(
    '/api/applications/:id/health',
    {
      schema: {
        summary: '健康告知：任一“是”则该被保险人不能投保',
        tags,
        auth: true,
        params: schema('IdParams'),
        body: schema('OrderHealth'),
        response: { 200: schema('HealthResult') },
      },
    },
    async (request) => applications.submitHealth(userIdOf(request), request.params.id, request.body),
  )

  app.post<{ Body: OrderCreate }>(
    '/api/orders',
    {
      preHandler: idempotent,
      schema: {
        summary: '提交订单：复核全部环节与投保规则，服务端重新计算保费（支持 Idempotency-Key）',
        tags,
        auth: true,
        headers: idempotencyHeaders,
        body: schema('OrderCreate'),
        response: { 200: schema('Order') },
      },
    },
    async (request) => orders.create(userIdOf(request), request.body),
  )

  app.get<{ Querystring: OrderListQuery }>(
    '/api/orders',
    {
      schema: {
        summary: '我的订单（可按状态筛选，逗号分隔）',
        tags,
        auth: true,
        querystring: schema('OrderListQuery'),
        response: { 200: schema('OrderList') },
      },
    },
    async (request) => ({ items: await orders.list(userIdOf(request), parseStatuses(request.query.status)) }),
  )

  app.get<{ Params: IdParams }>(
    '/api/orders/:id',
    {
      schema: {
        summary: '订单详情',
        tags,
        auth: true,
        params: schema('IdParams'),
        querystring: emptyQuery,
        response: { 200: schema('Order') },
      },
    },
    async (request) => orders.get(userIdOf(request), request.params.id),
  )

  app.post<{ Params: IdParams }>(
    '/api/orders/:id/cancel',
    {
      schema: {
        summary: '取消待支付订单',
        tags,
        auth: true,
        params: schema('IdParams'),
        response: { 200: schema('Order') },
      },
    },
    async (request) => {
      const cancelled = await orders.cancel(userIdOf(request), request.params.id)
      // A QR code still open must not take money for a cancelled order (a capture that races this is refunded).
      await payments.closePendingOf(cancelled.id)
      return orders.get(userIdOf(request), cancelled.id)
    },
  )
}
