import type { FastifyPluginAsync } from 'fastify'
import { optionalUserId } from '../../../platform/auth'
import { route } from '../../../platform/route'
import { staffOf } from '../../studio/guard'

/** The guessing game's leaderboard, the poster's invite code and, in the demo only, entering a result. */
export const guessRoutes: FastifyPluginAsync = async (app) => {
  const { guesses } = app.services
  const tags = ['campaigns']

  route(app, {
    method: 'GET',
    url: '/api/campaigns/:campaignId/leaderboard',
    schema: {
      summary: '竞猜排行榜：猜中场数前 20 名（同数时最后一次猜中的选择做得早者在前，昵称打码）与我的名次',
      tags,
      params: 'campaign/CampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaign/GuessLeaderboard',
    },
    handler: async (request) => guesses.leaderboard(request.params.campaignId, await optionalUserId(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/me/invite-code',
    schema: {
      summary: '我的邀请码与昵称（分享海报的二维码带上邀请码）；未登录时为 null',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'campaign/InviteCode',
    },
    handler: async (request) => guesses.invite(await optionalUserId(request)),
  })

  // Results are entered by staff: the demo has this route (a publisher signed in to the studio), used by the e2e
  // tests, and `npm run campaign:result`. Not registered in production mode.
  if (app.services.mode === 'demo') {
    route(app, {
      method: 'POST',
      url: '/api/dev/campaigns/:campaignId/results',
      schema: {
        summary:
          '演示环境：录入竞猜结果并给猜中的用户发奖（同一结果再录无变化，已录入的结果不能改；须以发布员登录工作台）',
        tags: ['dev'],
        staff: 'publisher',
        params: 'campaign/CampaignParams',
        querystring: 'common/EmptyQuery',
        body: 'campaign/GuessResultRequest',
        response: 'campaign/GuessResultEntered',
      },
      handler: async (request) =>
        guesses.enterResult(
          request.params.campaignId,
          request.body.itemId,
          request.body.optionId,
          `staff:${staffOf(request).username}`,
        ),
    })
  }
}
