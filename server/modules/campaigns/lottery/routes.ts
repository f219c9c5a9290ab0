import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../../platform/auth'
import { idempotent } from '../../../platform/idempotency'
import { route } from '../../../platform/route'

/** 抽奖: one draw. */
export const lotteryRoutes: FastifyPluginAsync = async (app) => {
  const { lotteries, analytics } = app.services
  const tags = ['campaigns']

  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/draws',
    schema: {
      summary:
        '抽奖一次：扣减一次机会，按公平随机数在仍有库存的奖品间按权重抽取，积分当场到账；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaign/DrawResult',
    },
    preHandler: idempotent,
    handler: async (request) => {
      const result = await lotteries.draw(request.params.campaignId, userIdOf(request))
      const { id, won, prizeId } = result.draw
      await analytics.campaign(request, 'campaign_draw', request.params.campaignId, { key: id, won, prizeId })
      return result
    },
  })
}
