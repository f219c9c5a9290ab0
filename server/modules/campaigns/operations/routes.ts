import type { FastifyPluginAsync } from 'fastify'
import { toIso } from '../../../platform/time'
import { route } from '../../../platform/route'
import { staffOf } from '../../studio/guard'

/**
 * Campaign operations in the studio (发布员 and 管理员; 编辑 may read the campaigns and the masked winners list):
 * a guess's results with how many picks each would reward, winners with CSV export, shipping steps of physical
 * prizes, a prize's stock top-up. Every change and every view of winners is in the audit log.
 */
export const operationsRoutes: FastifyPluginAsync = async (app) => {
  const { db, campaigns, guesses, campaignWinners, prizeFulfilment, prizeStock, staffAudit } = app.services
  const tags = ['studio']
  const base = '/api/studio/campaigns'

  route(app, {
    method: 'GET',
    url: base,
    schema: {
      summary: '活动运营：所有活动（编号、类型、标题、时间）',
      tags,
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      response: 'campaignOps/OpsCampaignList',
    },
    handler: async () => {
      const rows = await db
        .selectFrom('campaigns')
        .select(['id', 'kind', 'title', 'starts_at', 'ends_at'])
        .orderBy('starts_at', 'desc')
        .orderBy('id')
        .execute()
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          startsAt: toIso(r.starts_at),
          endsAt: toIso(r.ends_at),
        })),
      }
    },
  })

  route(app, {
    method: 'GET',
    url: `${base}/:campaignId/guess`,
    schema: {
      summary: '竞猜结果录入：各竞猜项的截止时间、已录入结果与各选项人数（录入该结果将奖励的人数）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsCampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaignOps/OpsGuess',
    },
    handler: async (request) => {
      const campaign = await campaigns.campaign(request.params.campaignId)
      const state = await guesses.state(campaign, null)
      return {
        campaignId: campaign.id,
        title: campaign.title,
        reward: state.correctReward,
        items: state.items.map((i) => ({
          id: i.id,
          title: i.title,
          lockAt: i.lockAt,
          locked: i.locked,
          result: i.result,
          options: i.options,
        })),
      }
    },
  })

  route(app, {
    method: 'POST',
    url: `${base}/:campaignId/guess/results`,
    schema: {
      summary: '录入竞猜结果并给猜中者发奖（同一结果再录无变化，已录入的结果不能改；写入审计日志）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsCampaignParams',
      querystring: 'common/EmptyQuery',
      body: 'campaign/GuessResultRequest',
      response: 'campaign/GuessResultEntered',
    },
    handler: async (request) => {
      const staff = staffOf(request)
      const { campaignId } = request.params
      const { itemId, optionId } = request.body
      const entered = await guesses.enterResult(campaignId, itemId, optionId, `staff:${staff.username}`)
      if (!entered.alreadyEntered)
        await staffAudit.record(staff, {
          action: 'campaign_guess_result',
          detail: `活动 ${campaignId} 竞猜项 ${itemId} 录入结果 ${optionId}，${entered.rewarded} 人猜中获奖`,
        })
      return entered
    },
  })

  route(app, {
    method: 'GET',
    url: `${base}/:campaignId/winners`,
    schema: {
      summary: '中奖名单（昵称、手机号打码；可按类型、状态、手机尾号筛选；每次查看写入审计日志）',
      tags,
      staff: 'editor',
      params: 'campaignOps/OpsCampaignParams',
      querystring: 'campaignOps/WinnerQuery',
      response: 'campaignOps/WinnerList',
    },
    handler: async (request) =>
      campaignWinners.list(staffOf(request), request.params.campaignId, request.query),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:campaignId/winners.csv`,
    schema: {
      summary: '导出中奖名单 CSV（UTF-8 带 BOM，手机号打码，防公式注入；写入审计日志）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsCampaignParams',
      querystring: 'campaignOps/WinnerQuery',
    },
    handler: async (request, reply) => {
      const { campaignId } = request.params
      const csv = await campaignWinners.csv(staffOf(request), campaignId, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="winners-${campaignId}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  })

  route(app, {
    method: 'GET',
    url: `${base}/:campaignId/gifts/:giftId/address`,
    schema: {
      summary: '实物奖品的完整收货地址（发货用；每次查看写入审计日志）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsGiftParams',
      querystring: 'common/EmptyQuery',
      response: 'campaignOps/GiftAddress',
    },
    handler: async (request) =>
      campaignWinners.address(staffOf(request), request.params.campaignId, request.params.giftId),
  })

  route(app, {
    method: 'POST',
    url: `${base}/:campaignId/gifts/:giftId/ship`,
    schema: {
      summary: '实物奖品发货：待发货 → 已发货（快递公司、运单号），给中奖者发消息',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsGiftParams',
      querystring: 'common/EmptyQuery',
      body: 'campaignOps/ShipRequest',
      response: 'campaignOps/Shipping',
    },
    handler: async (request) =>
      prizeFulfilment.ship(staffOf(request), request.params.campaignId, request.params.giftId, request.body),
  })

  route(app, {
    method: 'POST',
    url: `${base}/:campaignId/gifts/:giftId/deliver`,
    schema: {
      summary: '实物奖品签收：已发货 → 已签收，给中奖者发消息',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsGiftParams',
      querystring: 'common/EmptyQuery',
      response: 'campaignOps/Shipping',
    },
    handler: async (request) =>
      prizeFulfilment.deliver(staffOf(request), request.params.campaignId, request.params.giftId),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:campaignId/prizes`,
    schema: {
      summary: '活动奖品与库存（总库存含补充、已发出、剩余）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsCampaignParams',
      querystring: 'common/EmptyQuery',
      response: 'campaignOps/OpsPrizeList',
    },
    handler: async (request) => prizeStock.list(request.params.campaignId),
  })

  route(app, {
    method: 'POST',
    url: `${base}/:campaignId/prizes/:prizeId/stock`,
    schema: {
      summary: '补充奖品库存（须填原因，写入审计日志；配置重新登记时保留补充的数量）',
      tags,
      staff: 'publisher',
      params: 'campaignOps/OpsPrizeParams',
      querystring: 'common/EmptyQuery',
      body: 'campaignOps/StockTopUp',
      response: 'campaignOps/OpsPrize',
    },
    handler: async (request) =>
      prizeStock.topUp(staffOf(request), request.params.campaignId, request.params.prizeId, request.body),
  })
}
