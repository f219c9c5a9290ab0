import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { ApiError, notFound } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'

/** Payments: start (QR / pay page), read status, the provider callback, /skiPay, and the demo-only sandbox. */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { payments, sandbox, publicUrl } = app.services
  const tags = ['payments']
  const demo = app.services.mode === 'demo'

  route(app, {
    method: 'POST',
    url: '/api/orders/:id/pay',
    preHandler: idempotent,
    schema: {
      summary:
        '发起支付：按场景（扫码/H5/公众号JSAPI/App）返回二维码内容、支付页或调起参数与过期时间（5分钟；支持 Idempotency-Key）',
      tags,
      auth: true,
      headers: 'common/IdempotencyHeaders',
      params: 'payment/IdParams',
      body: 'payment/PaymentCreate',
      response: 'payment/Payment',
    },
    // request.ip: the socket's peer, or behind TRUST_PROXY the client the proxies forwarded (WeChat's H5 pay
    // checks that the payer's browser pays from the address given at ordering).
    handler: async (request) =>
      payments.start(userIdOf(request), request.params.id, request.body, {
        baseUrl: publicUrl(),
        payerClientIp: request.ip,
      }),
  })

  route(app, {
    method: 'POST',
    url: '/api/orders/:id/skip-pay',
    preHandler: idempotent,
    schema: {
      summary: '0元（赠险）订单免支付直接承保（支持 Idempotency-Key）',
      tags,
      auth: true,
      headers: 'common/IdempotencyHeaders',
      params: 'payment/IdParams',
      response: 'order/Order',
    },
    handler: async (request) => payments.completeFree(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/payments/channels',
    schema: {
      summary: '可用的支付方式（演示模式为沙箱）',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'payment/PaymentChannels',
    },
    handler: async () => ({
      sandbox: payments.provider.sandbox,
      channels: [...payments.provider.channels],
      scenes: [...payments.provider.scenes],
    }),
  })

  route(app, {
    method: 'GET',
    url: '/api/payments/:id',
    schema: {
      summary: '支付状态',
      tags,
      auth: true,
      params: 'payment/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'payment/Payment',
    },
    handler: async (request) => payments.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/payments/callback/:provider',
    config: { rawBody: true },
    schema: {
      summary: '支付机构异步通知（验签、时效、幂等；支付与退款）',
      tags,
      params: 'payment/CallbackParams',
      body: 'payment/PaymentCallback',
      response: 'payment/CallbackAck',
    },
    handler: async (request) => {
      if (request.params.provider !== payments.provider.name) throw notFound('支付渠道')
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = typeof value === 'string' ? value : undefined
      const event = payments.provider.verifyCallback({ headers, rawBody: request.rawBody ?? '' })
      if (!event) throw new ApiError(401, 'INVALID_SIGNATURE', '支付通知签名无效')
      await payments.applyEvent(event)
      return { ok: true }
    },
  })

  // The sandbox exists only in demo mode: in production these routes are never registered (404).
  if (!demo || !sandbox) return

  route(app, {
    method: 'GET',
    url: '/api/sandbox/payments/:id',
    schema: {
      summary: '沙箱支付页读取支付单（仅演示模式）',
      tags: ['sandbox'],
      params: 'payment/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'payment/Payment',
    },
    handler: async (request) => payments.getForSandbox(request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/sandbox/payments/:id/simulate',
    schema: {
      summary: '模拟支付成功/失败：沙箱记账后以签名通知回调服务端（仅演示模式）',
      tags: ['sandbox'],
      params: 'payment/IdParams',
      body: 'payment/PaymentSimulate',
      response: 'payment/Payment',
    },
    handler: async (request) => {
      const captured = await sandbox.capture(request.params.id, request.body.outcome)
      if (!captured.ok) throw new ApiError(409, 'PAYMENT_NOT_PENDING', captured.reason)
      // Through the real callback route, so signature verification and idempotency run as in production.
      const response = await app.inject({
        method: 'POST',
        url: `/api/payments/callback/${sandbox.name}`,
        headers: captured.callback.headers,
        payload: captured.callback.body,
      })
      if (response.statusCode !== 200)
        throw new ApiError(502, 'CALLBACK_FAILED', '模拟支付通知未被受理，请稍后重试')
      return payments.getForSandbox(request.params.id)
    },
  })
}
