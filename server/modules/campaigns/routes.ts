import type { FastifyPluginAsync } from 'fastify'
import { optionalUserId, userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'

/** Campaigns: the state is open to visitors (their chances are null); drawing needs the session. */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  const { campaigns } = app.services
  const tags = ['campaigns']

  route(app, {
    method: 'GET',
    url: '/api/campaigns/:campaignId',
    schema: {
      summary: '活动状态：时间、奖品剩余、抽奖种子的哈希（结束后公布种子）、我的剩余次数与记录',
      tags,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaign/CampaignState',
    },
    handler: async (request) => campaigns.state(request.params.campaignId, await optionalUserId(request)),
  })

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
    handler: async (request) => campaigns.draw(request.params.campaignId, userIdOf(request)),
  })

  // Entries: a form's (campaignClaims) or a guessing game's; each kind's logic lives in its own service.
  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/entries',
    schema: {
      summary: '参与登记：表单活动提交表单（无字段的表单只记录参与，如使用过试算工具）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaignClaim/FormSubmission',
      response: 'campaignClaim/EntryResult',
    },
    preHandler: idempotent,
    handler: async (request) =>
      app.services.campaignClaims.enter(request.params.campaignId, userIdOf(request), request.body),
  })
}
