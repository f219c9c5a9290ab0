import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../../platform/route'

/**
 * POST /api/partner/coupons/redeem: a partner redeems a coupon (HMAC-signed with its own secret, idempotent by
 * its request id). It lives with the coupons (campaigns/gifts), not in partners/, which is the insurer's
 * integration: the rules are the coupon's, the caller only authenticates differently (docs/partners.md).
 */
export const redeemRoutes: FastifyPluginAsync = async (app) => {
  const { couponRedeem } = app.services

  route(app, {
    method: 'POST',
    url: '/api/partner/coupons/redeem',
    config: { rawBody: true },
    schema: {
      summary:
        '合作方核销券（HMAC-SHA256 签名：方法、路径、时间戳、请求编号、请求体；5分钟时效；按请求编号幂等；已使用或已过期的券拒绝）',
      tags: ['partner'],
      headers: 'campaignOps/RedeemHeaders',
      querystring: 'common/EmptyQuery',
      body: 'campaignOps/RedeemRequest',
      response: 'campaignOps/Redeemed',
    },
    handler: async (request) => {
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = typeof value === 'string' ? value : undefined
      const rawBody = request.rawBody ?? ''
      const partner = await couponRedeem.verify({
        method: request.method,
        path: request.url.split('?')[0],
        headers,
        rawBody,
      })
      return couponRedeem.redeem(partner, request.body, rawBody)
    },
  })
}
