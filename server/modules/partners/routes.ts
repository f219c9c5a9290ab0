import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { ApiError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'

/** Partner products: the product, quotes, applications (underwritten by the partner), status, and its callback. */
export const partnerRoutes: FastifyPluginAsync = async (app) => {
  const {
    partnerSales,
    partnerIssuing,
    partnerAdapter,
    partnerBreaker,
    partnerHealth,
    partnerConfig,
    mode,
    analytics,
  } = app.services
  const tags = ['partners']

  route(app, {
    method: 'GET',
    url: '/api/partner/products/:productId',
    schema: {
      summary: '合作保险公司的产品：流程、价格、职业要求、条款、投保须知与健康告知',
      tags,
      params: 'partner/PartnerProductParams',
      querystring: 'common/EmptyQuery',
      response: 'partner/PartnerProduct',
    },
    handler: async (request) => partnerSales.product(request.params.productId),
  })

  route(app, {
    method: 'POST',
    url: '/api/partner/quotes',
    schema: {
      summary: '报价：校验投保人、被保险人（证件、职业、航班），由保险公司核算保费（30分钟内有效）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'partner/PartnerQuoteRequest',
      response: 'partner/PartnerQuote',
    },
    handler: async (request) => partnerSales.quote(userIdOf(request), request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/partner/applications',
    preHandler: idempotent,
    schema: {
      summary:
        '投保：健康告知后由保险公司核保，通过则创建待支付订单（201）；拒保 422，保险公司不可用 503（未创建任何内容）；支持 Idempotency-Key',
      tags,
      auth: true,
      headers: 'common/IdempotencyHeaders',
      querystring: 'common/EmptyQuery',
      body: 'partner/PartnerApplicationRequest',
      response: 'partner/PartnerApplication',
    },
    handler: async (request, reply) => {
      // Set first: the answer recorded with the order (Idempotency-Key) carries the status it is sent with.
      reply.code(201)
      const application = await partnerSales.apply(userIdOf(request), request.body)
      await analytics.linkOrder(request, application.orderId)
      return application
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/partner/orders/:orderId',
    schema: {
      summary: '合作方订单状态：待支付、保单出具中、已出具（含保单号）或出单失败（已退款）',
      tags,
      auth: true,
      params: 'partner/PartnerOrderParams',
      querystring: 'common/EmptyQuery',
      response: 'partner/PartnerOrder',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return partnerSales.order(userIdOf(request), request.params.orderId)
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/partner/orders/:orderId/premium-agreement',
    schema: {
      summary:
        '同意核保后调整的保费：保险公司核保时改了保费的订单，同意前支付被拒（409 PREMIUM_CHANGED）；幂等，记录同意时间',
      tags,
      auth: true,
      params: 'partner/PartnerOrderParams',
      querystring: 'common/EmptyQuery',
      response: 'partner/PremiumAgreement',
    },
    handler: async (request) => partnerSales.agreePremium(userIdOf(request), request.params.orderId),
  })

  route(app, {
    method: 'POST',
    url: '/api/partner/callbacks/:partner',
    config: { rawBody: true },
    schema: {
      summary: '保险公司出单结果异步通知（HMAC 验签、5分钟时效、按事件编号幂等）',
      tags,
      params: 'partner/PartnerCallbackParams',
      headers: 'partner/PartnerCallbackHeaders',
      querystring: 'common/EmptyQuery',
      body: 'partner/PartnerCallback',
      response: 'partner/PartnerCallbackAck',
    },
    handler: async (request) => {
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = typeof value === 'string' ? value : undefined
      const check = partnerAdapter.verifyCallback({
        path: request.url.split('?')[0],
        headers,
        rawBody: request.rawBody ?? '',
      })
      if (!check.ok) {
        if (check.reason === 'stale')
          throw new ApiError(401, 'CALLBACK_STALE', '通知时间不在允许范围内（5分钟）', [
            { field: 'x-ht-timestamp', message: '签名时间与服务器时间相差超过5分钟' },
          ])
        if (check.reason === 'malformed') throw new ApiError(400, 'INVALID_INPUT', '通知内容不完整')
        throw new ApiError(401, 'INVALID_SIGNATURE', '通知签名无效', [
          { field: 'x-ht-signature', message: '签名校验失败' },
        ])
      }
      const outcome = await partnerIssuing.applyCallback(check.callback, check.failure)
      return { code: 'SUCCESS' as const, message: outcome }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/partner-health',
    schema: {
      summary:
        '合作保险公司健康状况（工作台）：熔断状态、近24小时调用结果与耗时、待出单订单数与最早支付时间、出单失败与退款笔数；仅计数，不含个人信息',
      tags: ['studio'],
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      response: 'partner/PartnerHealth',
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return partnerHealth.report()
    },
  })

  // Demo only (never registered in production, which refuses the sandbox): the sandbox partner's failure modes,
  // so a demo (and the e2e tests) can show an outage without knowing its port. Staff only: a visitor, or a page
  // (no studio CSRF header), cannot take the demo's partner down.
  const sandbox = partnerConfig.sandbox
  if (mode !== 'demo' || !sandbox) return
  route(app, {
    method: 'PUT',
    url: '/api/sandbox/partner-faults',
    schema: {
      summary:
        '演示：设置沙箱合作方的故障（超时、慢应答、5xx、拒保、重复/丢失/暂扣/延迟回调、应答错误、断开、签名错误；空数组恢复正常并关闭熔断；仅演示模式，须登录工作台）',
      tags: ['sandbox'],
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      body: 'partner/SandboxFaults',
      response: 'partner/SandboxFaults',
    },
    handler: async (request) => {
      sandbox.faults.set(request.body.faults)
      // Back to normal closes the breaker too: the demo does not wait out its cool-down.
      if (!request.body.faults.length) partnerBreaker.reset()
      return { faults: sandbox.faults.list() }
    },
  })
}
