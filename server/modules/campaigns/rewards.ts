import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { ENTRY_FRESH_DAYS } from '../../../src/domain/campaignForms'
import { couponValidity } from '../../../src/domain/coupons'
import type { CampaignReward } from '../../../src/types/generated/page'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { readableCode } from '../../platform/readableCode'
import type { RewardSource } from './gifts/tables'

// What a campaign gives beside points: a coupon (a row with a code and a validity) or a physical gift (waiting for
// its delivery address). Issued inside the transaction that took the prize (a draw or a claim), so a prize taken
// is a prize given, once per source.

export interface RewardGrant {
  campaignId: string
  userId: string
  prizeId: string
  prizeName: string
  source: RewardSource
  sourceId: string
  now: Date
}

/** Issues a coupon or a physical gift for a prize taken; other rewards are the caller's. The coupon's id, if any. */
export async function issueReward(
  trx: Transaction<DB>,
  reward: CampaignReward,
  grant: RewardGrant,
): Promise<string | null> {
  if (reward.kind === 'coupon') {
    const { fromMs, toMs } = couponValidity(grant.now.getTime(), reward)
    if (toMs <= fromMs) throw new ApiError(409, 'COUPON_EXPIRED', '该券已过有效期，无法领取')
    const id = randomUUID()
    await trx
      .insertInto('coupons')
      .values({
        id,
        code: readableCode(12),
        user_id: grant.userId,
        campaign_id: grant.campaignId,
        prize_id: grant.prizeId,
        name: grant.prizeName,
        benefit: reward.benefit,
        source_kind: grant.source,
        source_id: grant.sourceId,
        valid_from: new Date(fromMs),
        valid_to: new Date(toMs),
        created_at: grant.now,
      })
      .execute()
    return id
  }
  if (reward.kind === 'physical') {
    await trx
      .insertInto('campaign_gifts')
      .values({
        id: randomUUID(),
        user_id: grant.userId,
        campaign_id: grant.campaignId,
        prize_id: grant.prizeId,
        name: grant.prizeName,
        description: reward.description,
        source_kind: grant.source,
        source_id: grant.sourceId,
        created_at: grant.now,
      })
      .execute()
  }
  return null
}

/** Whether the user took part in a campaign within the last ENTRY_FRESH_DAYS days (an entry, never a purchase). */
export async function hasRecentEntry(
  db: Kysely<DB>,
  campaignId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>', new Date(now.getTime() - ENTRY_FRESH_DAYS * 86_400_000))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
