import type { FastifyPluginAsync } from 'fastify'
import { optionalUserId, userIdOf } from '../../../platform/auth'
import { idempotent } from '../../../platform/idempotency'
import { route } from '../../../platform/route'

/** 领取 (a coupon, a gift policy), a form's SMS code and state, 我的券 and 我的奖品. */
export const giftRoutes: FastifyPluginAsync = async (app) => {
  const { giftCollections, coupons, analytics } = app.services
  const tags = ['campaigns']

  route(app, {
    method: 'POST',
    url: '/api/campaigns/trials',
    schema: {
      summary:
        '产品页保费试算记为参与：声明了 countsTrials 的表单活动（如“使用保费试算工具”）各记录一次，每天一次',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'campaign/TrialRecorded',
    },
    handler: async (request) => giftCollections.recordTrial(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/claims',
    schema: {
      summary:
        '领取：领券活动领一张券（库存、每人每日与总次数在数据库中一次扣减），赠险活动提交表单领取 0 元赠险保单（每个证件限一份）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/FormSubmission',
      response: 'campaign/CollectResult',
    },
    preHandler: idempotent,
    handler: async (request) => {
      const { campaignId } = request.params
      const collected = await giftCollections.collect(campaignId, userIdOf(request), request.body)
      await analytics.campaign(request, 'campaign_claim', campaignId, { key: collected.entry.id })
      return collected
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/campaigns/:campaignId/form',
    schema: {
      summary: '活动表单：字段、赠险的产品与保险公司、我的剩余次数与提交记录',
      tags,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaign/FormState',
    },
    handler: async (request) =>
      giftCollections.formState(request.params.campaignId, await optionalUserId(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/sms-code',
    schema: {
      summary: '活动表单的手机验证码（只用于本活动的表单，60秒一次，5分钟有效）',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/FormCodeRequest',
      response: 'campaign/FormCodeResponse',
    },
    handler: async (request) =>
      giftCollections.sendFormCode(
        request.params.campaignId,
        userIdOf(request),
        request.body.phone,
        request.ip,
      ),
  })

  route(app, {
    method: 'GET',
    url: '/api/coupons',
    schema: {
      summary: '我的券：按服务器时间分为可使用、已使用、已过期',
      tags,
      auth: true,
      querystring: 'campaign/CouponQuery',
      response: 'campaign/CouponList',
    },
    handler: async (request) => coupons.list(userIdOf(request), request.query),
  })

  route(app, {
    method: 'POST',
    url: '/api/coupons/:couponId/use',
    schema: {
      summary: '使用券（在合作方出示券码时核销，只能一次，须在有效期内）',
      tags,
      auth: true,
      params: 'campaign/CouponParams',
      querystring: 'common/EmptyQuery',
      response: 'campaign/Coupon',
    },
    preHandler: idempotent,
    handler: async (request) => coupons.use(userIdOf(request), request.params.couponId),
  })

  route(app, {
    method: 'GET',
    url: '/api/prizes',
    schema: {
      summary: '我的奖品：活动中获得的实物礼品与收货地址',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'campaign/PrizeList',
    },
    handler: async (request) => coupons.prizeList(userIdOf(request)),
  })

  route(app, {
    method: 'PUT',
    url: '/api/prizes/:prizeId/address',
    schema: {
      summary: '填写实物奖品的收货地址（姓名、电话、地区、详细地址；只能填写一次）',
      tags,
      auth: true,
      params: 'campaign/PrizeParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/PrizeAddress',
      response: 'campaign/Prize',
    },
    handler: async (request) => coupons.setAddress(userIdOf(request), request.params.prizeId, request.body),
  })
}
