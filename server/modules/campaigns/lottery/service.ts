import { createHmac, randomUUID } from 'node:crypto'
import { type Kysely, type Selectable, type Transaction } from 'kysely'
import { shanghaiDate } from '../../../../src/domain/age'
import {
  chancesLeft,
  drawMessage,
  DRAW_REFUSAL,
  pickPrize,
  prizeOpen,
  unitFromMac,
} from '../../../../src/domain/campaigns'
import type { DrawResult } from '../../../../src/types/generated/api/campaign'
import type { CampaignReward } from '../../../../src/types/generated/page'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../platform/errors'
import { recordAnswer } from '../../../platform/idempotency'
import type { MessageService } from '../../messages/service'
import type { PointsService } from '../../points/service'
import { issueReward } from '../rewards'
import { limitsOf, rewardText, type CampaignService } from '../service'
import type { CampaignsTable } from '../tables'
import { toIso } from '../../../platform/time'

/**
 * 抽奖: each draw takes a chance, maps the fair number (an HMAC of the campaign's seed) onto the prizes with stock
 * left, is recorded once with what it was mapped onto, and credits the reward in the same transaction.
 */
export class LotteryService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly campaigns: CampaignService,
    private readonly points: PointsService,
    private readonly messages: MessageService,
  ) {}

  /** One draw of a lottery: a chance taken, a prize mapped from the fair number onto what is left, recorded once. */
  async draw(id: string, userId: string): Promise<DrawResult> {
    const campaign = await this.campaigns.campaign(id)
    if (campaign.kind !== 'lottery') throw new ApiError(409, 'NOT_A_LOTTERY', '该活动不是抽奖活动')
    this.campaigns.assertOpen(campaign)
    const now = this.now()
    const today = shanghaiDate(now.getTime())
    const limits = limitsOf(campaign.definition)
    const drawId = randomUUID()
    // Who may take part is read first (nothing counts on it); the chance and the prize are taken in one go.
    await this.campaigns.assertEligible(campaign, userId)
    return this.db.transaction().execute(async (trx) => {
      const taken = await this.campaigns.takeChance(trx, id, userId, today, limits, DRAW_REFUSAL)
      const mac = createHmac('sha256', Buffer.from(campaign.seed, 'hex'))
        .update(drawMessage(id, userId, taken.used))
        .digest()
      const { prize, available } = await this.award(trx, id, today, unitFromMac(mac))
      await trx
        .insertInto('campaign_draws')
        .values({
          id: drawId,
          campaign_id: id,
          user_id: userId,
          seq: taken.used,
          prize_id: prize?.prize_id ?? null,
          available: JSON.stringify(available),
          created_at: now,
        })
        .execute()
      if (prize) await this.reward(trx, campaign, userId, prize, drawId)
      return recordAnswer(trx, {
        draw: {
          id: drawId,
          seq: taken.used,
          prizeId: prize?.prize_id ?? null,
          won: prize !== null && prize.reward.kind !== 'nothing',
          prizeName: prize?.name ?? '谢谢参与',
          reward: prize ? rewardText(prize.reward, prize.name, now.getTime()) : '谢谢参与',
          available,
          at: toIso(now),
        },
        chances: chancesLeft(limits, taken.used, taken.used_today),
      })
    })
  }

  /**
   * The prize for `u` among those with stock (and room under today's cap), taken by a conditional update; a
   * prize another draw emptied meanwhile is left out and `u` mapped again. What it was mapped onto is returned.
   */
  private async award(trx: Transaction<DB>, id: string, today: string, u: number) {
    const prizes = await trx
      .selectFrom('campaign_prizes as p')
      .leftJoin('campaign_prize_days as d', (join) =>
        join
          .onRef('d.campaign_id', '=', 'p.campaign_id')
          .onRef('d.prize_id', '=', 'p.prize_id')
          .on('d.day', '=', today),
      )
      .select([
        'p.prize_id',
        'p.name',
        'p.reward',
        'p.weight',
        'p.stock',
        'p.awarded',
        'p.daily_cap',
        'd.awarded as today',
      ])
      .where('p.campaign_id', '=', id)
      .orderBy('p.sort')
      .execute()
    const open = new Set(
      prizes
        .filter((p) =>
          prizeOpen({
            weight: p.weight,
            stock: p.stock,
            awarded: p.awarded,
            dailyCap: p.daily_cap,
            awardedToday: p.today ?? 0,
          }),
        )
        .map((p) => p.prize_id),
    )
    for (;;) {
      const available = prizes
        .filter((p) => open.has(p.prize_id))
        .map((p) => ({ id: p.prize_id, weight: p.weight }))
      const prizeId = pickPrize(u, available)
      const prize = prizes.find((p) => p.prize_id === prizeId) ?? null
      if (prize === null) return { prize, available }
      if (await this.campaigns.take(trx, id, prize.prize_id, today)) return { prize, available }
      open.delete(prize.prize_id)
    }
  }

  /** Points and beans go to the ledger (with a message for points); a coupon or a physical gift is issued. */
  private async reward(
    trx: Transaction<DB>,
    campaign: Selectable<CampaignsTable>,
    userId: string,
    prize: { prize_id: string; name: string; reward: CampaignReward },
    drawId: string,
  ) {
    const { reward } = prize
    if (reward.kind === 'coupon' || reward.kind === 'physical') {
      await issueReward(trx, reward, {
        campaignId: campaign.id,
        userId,
        prizeId: prize.prize_id,
        prizeName: prize.name,
        source: 'draw',
        sourceId: drawId,
        now: this.now(),
      })
      return
    }
    if (reward.kind !== 'points' && reward.kind !== 'beans') return
    await this.points.credit(trx, {
      userId,
      currency: reward.kind === 'points' ? 'point' : 'bean',
      kind: 'campaign',
      reference: drawId,
      amount: reward.amount,
    })
    if (reward.kind === 'points')
      await this.messages.notify(trx, userId, {
        kind: 'points_credited',
        amount: reward.amount,
        reason: `${campaign.title}中奖`,
      })
  }
}
