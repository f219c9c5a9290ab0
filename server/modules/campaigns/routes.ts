import type { FastifyPluginAsync } from 'fastify'
import { optionalUserId, userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { ApiError, invalidField } from '../../platform/errors'
import { route } from '../../platform/route'

/**
 * What every kind of campaign shares: its state (open to visitors, whose chances are null) and one address for
 * entries (a guess's picks or a form), which needs the session. Each kind adds its own routes (lottery/, guess/, gifts/).
 */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  const { campaigns, guesses, giftCollections, analytics } = app.services
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
      const campaign = await campaigns.campaign(campaignId)
      const state = await campaigns.state(campaign, userId)
      // A guessing game adds its items, results, my picks and rewards (guess/service.ts).
      return campaign.kind === 'guess' ? { ...state, guess: await guesses.state(campaign, userId) } : state
    },
  })

  // One address for every kind that takes entries; each kind's rules live in its own service.
  route(app, {
    method: 'POST',
    url: '/api/campaigns/:campaignId/entries',
    schema: {
      summary:
        '参与登记：竞猜提交或修改我的选择（每场一项，截止时间前可改，全部成功或全部不变）；表单活动提交表单（无字段的表单只记录参与，如使用过试算工具）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/EntryRequest',
      response: 'campaign/EntryResponse',
    },
    preHandler: idempotent,
    handler: async (request) => {
      const { campaignId } = request.params
      const userId = userIdOf(request)
      const { picks, ...form } = request.body
      if ((await campaigns.campaign(campaignId)).kind !== 'guess') {
        if (picks) throw new ApiError(409, 'NOT_A_GUESS', '该活动不是竞猜活动')
        const entered = await giftCollections.enter(campaignId, userId, form)
        await analytics.campaign(request, 'campaign_entry', campaignId, { key: entered.entry.id })
        return entered
      }
      if (!picks) throw invalidField('picks', '缺少必填项 picks（请选择竞猜结果）')
      if (form.fields || form.smsCode) throw invalidField('fields', '竞猜活动不接受表单内容')
      const picked = await guesses.pick(campaignId, userId, { picks })
      // A guess is one entry per set of picks (changing them is another).
      await analytics.campaign(request, 'campaign_entry', campaignId, {
        key: `${userId}:${JSON.stringify(picks)}`,
      })
      return picked
    },
  })
}
