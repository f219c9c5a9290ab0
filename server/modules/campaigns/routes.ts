import type { FastifyPluginAsync } from 'fastify'
import { optionalUserId, userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { guessRoutes } from './guessRoutes'

/** Campaigns: the state is open to visitors (their chances are null); drawing needs the session. */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  const { campaigns, guesses } = app.services
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
    handler: async (request) => {
      const { campaignId } = request.params
      const userId = await optionalUserId(request)
      const state = await campaigns.state(campaignId, userId)
      // A guessing game adds its items, results, my picks and rewards (guess.ts).
      return state.kind === 'guess' ? { ...state, guess: await guesses.stateOf(campaignId, userId) } : state
    },
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

  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/entries',
    schema: {
      summary:
        '参与（竞猜：提交或修改我的选择，每场一项，截止时间前可改，全部成功或全部不变）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/GuessPicksRequest',
      response: 'campaign/GuessState',
    },
    preHandler: idempotent,
    // By the campaign's kind: picks of a guessing game (guess.ts refuses other kinds).
    handler: async (request) => guesses.pick(request.params.campaignId, userIdOf(request), request.body),
  })

  await guessRoutes(app)
}
