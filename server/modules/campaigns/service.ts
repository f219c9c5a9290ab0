import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import {
  campaignStatus,
  chancesLeft,
  eligibilityProblem,
  rewardText,
  windowProblem,
  type CampaignStatus,
  type ChanceRefusal,
} from '../../../src/domain/campaigns'
import type { CampaignDraw, CampaignState, Chances } from '../../../src/types/generated/api/campaign'
import type { Campaign } from '../../../src/types/generated/page'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { MemberService } from '../member/service'
import { assertPageLive, pageGate, type PageGate } from './pageGate'
import { hasRecentEntry } from './rewards'
import type { CampaignsTable } from './tables'

/** A campaign row with where its studio page stands now (null: declared by a folder config). */
export type CampaignRow = Selectable<CampaignsTable> & { onPage: PageGate | null }

/**
 * A campaign's per-user limits: every kind that counts chances (lottery, coupon, gift-claim, form) declares them,
 * as the config checks make sure (campaignKinds.ts); none would allow nothing.
 */
export const limitsOf = (definition: Campaign): NonNullable<Campaign['limits']> =>
  definition.limits ?? { perUserTotal: 0 }

export { rewardText, type ChanceRefusal }

/**
 * Campaigns declared in page configs, with their state here, and what every kind shares: the campaign under the
 * rules in force (its page gate and window), who may take part, a user's chances taken by one conditional upsert
 * and a prize by one conditional update of its stock (and of its day's count). The kinds' own rules live in
 * lottery/, guess/ and gifts/.
 */
export class CampaignService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly member: MemberService,
  ) {}

  /** The campaign under the rules in force now, with where its studio page stands (pageGate.ts). */
  async campaign(id: string): Promise<CampaignRow> {
    const load = () => this.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst()
    let row = await load()
    if (!row) throw notFound('活动')
    const { gate, resynced } = await pageGate(this.db, row, this.now())
    if (resynced) row = (await load()) ?? row
    return { ...row, onPage: gate }
  }

  /** Where the campaign stands now: its page first (not live yet, or offline), then its own window. */
  status(campaign: CampaignRow): CampaignStatus {
    if (campaign.onPage === 'upcoming' || campaign.onPage === 'offline') return campaign.onPage
    return campaignStatus(campaign.starts_at.getTime(), campaign.ends_at.getTime(), this.now().getTime())
  }

  /** 409 unless the campaign's page version is live and the campaign's window is open now. */
  assertOpen(campaign: CampaignRow): void {
    assertPageLive(campaign.onPage)
    const problem = windowProblem(
      { startAt: campaign.starts_at.toISOString(), endAt: campaign.ends_at.toISOString() },
      this.now().getTime(),
    )
    if (problem) throw new ApiError(409, 'CAMPAIGN_CLOSED', problem)
  }

  /** A user's chances left in a campaign that counts them (null for a visitor, or a guessing game). */
  async chances(campaign: Selectable<CampaignsTable>, userId: string | null): Promise<Chances | null> {
    const { limits } = campaign.definition
    if (!userId || !limits) return null
    const used = await this.db
      .selectFrom('campaign_chances')
      .selectAll()
      .where('campaign_id', '=', campaign.id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    const today = shanghaiDate(this.now().getTime())
    return chancesLeft(limits, used?.used ?? 0, used && used.day === today ? used.used_today : 0)
  }

  /** The campaign for this user (or a visitor): its window, prizes left, the seed's hash, my chances and draws. */
  async state(campaign: CampaignRow, userId: string | null): Promise<CampaignState> {
    const { id } = campaign
    const status = this.status(campaign)
    const ended = campaign.ends_at.getTime() <= this.now().getTime()
    const prizes = await this.db
      .selectFrom('campaign_prizes')
      .selectAll()
      .where('campaign_id', '=', id)
      .orderBy('sort')
      .execute()
    const chances = await this.chances(campaign, userId)
    // A guessing game has no chances (its state is in guess/service.ts), nor draws.
    const draws: CampaignDraw[] = userId && chances ? await this.myDraws(id, userId) : []
    // Said before any tap: a user who may not take part yet learns why and what to do.
    const notEligible = userId && status === 'live' ? await this.eligibilityProblem(campaign, userId) : null
    return {
      id,
      kind: campaign.kind,
      title: campaign.title,
      rules: campaign.definition.rules ?? null,
      startAt: toIso(campaign.starts_at),
      endAt: toIso(campaign.ends_at),
      status,
      seedHash: campaign.seed_hash,
      seed: ended ? campaign.seed : null,
      prizes: prizes.map((p) => ({
        id: p.prize_id,
        name: p.name,
        reward: rewardText(p.reward, p.name, this.now().getTime()),
        left: p.stock === null ? null : Math.max(0, p.stock - p.awarded),
      })),
      chances,
      draws,
      notEligible,
    }
  }

  private async myDraws(id: string, userId: string): Promise<CampaignDraw[]> {
    const rows = await this.db
      .selectFrom('campaign_draws as d')
      .leftJoin('campaign_prizes as p', (join) =>
        join.onRef('p.campaign_id', '=', 'd.campaign_id').onRef('p.prize_id', '=', 'd.prize_id'),
      )
      .select(['d.id', 'd.seq', 'd.prize_id', 'd.available', 'd.created_at', 'p.name', 'p.reward'])
      .where('d.campaign_id', '=', id)
      .where('d.user_id', '=', userId)
      .orderBy('d.seq', 'desc')
      .limit(100)
      .execute()
    return rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      prizeId: r.prize_id,
      won: r.reward !== null && r.reward.kind !== 'nothing',
      prizeName: r.name ?? '谢谢参与',
      reward: r.reward && r.name ? rewardText(r.reward, r.name, r.created_at.getTime()) : '谢谢参与',
      available: r.available,
      at: toIso(r.created_at),
    }))
  }

  /** Who may take part (read outside the draw's transaction: PGlite has one connection): logged in always; the config's level, newness, real name and earlier entry. */
  async assertEligible(campaign: Selectable<CampaignsTable>, userId: string) {
    const problem = await this.eligibilityProblem(campaign, userId)
    if (problem) throw new ApiError(403, 'NOT_ELIGIBLE', problem)
  }

  /** Why this user may not take part yet, and what to do (null: they may): shown before a tap, refused on it. */
  async eligibilityProblem(campaign: Selectable<CampaignsTable>, userId: string): Promise<string | null> {
    const rules = campaign.definition.eligibility
    if (!rules) return null
    const user = await this.db
      .selectFrom('users')
      .select(['created_at', 'real_name_verified_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    // Only what a rule asks for is read; the rules and their words are src/domain/campaigns.ts (the preview's too).
    const level = rules.minLevel ? (await this.member.status(userId)).level.code : undefined
    const entered = rules.entryOf
      ? await hasRecentEntry(this.db, rules.entryOf, userId, this.now())
      : undefined
    const task =
      rules.entryOf && !entered
        ? await this.db
            .selectFrom('campaigns')
            .select('title')
            .where('id', '=', rules.entryOf)
            .executeTakeFirst()
        : undefined
    return eligibilityProblem(
      rules,
      {
        realNameVerified: user.real_name_verified_at !== null,
        registeredAtMs: user.created_at.getTime(),
        level,
        entered,
        entryTitle: task?.title,
      },
      this.now().getTime(),
    )
  }

  /** Takes one chance in one statement: the chances used after it (the draw's sequence number), or 409. */
  async takeChance(
    trx: Transaction<DB>,
    id: string,
    userId: string,
    today: string,
    limits: { perUserTotal: number; perUserPerDay?: number },
    refusal: ChanceRefusal,
  ): Promise<{ used: number; used_today: number }> {
    const perDay = limits.perUserPerDay ?? limits.perUserTotal
    const { rows } = await sql<{ used: number; used_today: number }>`
      INSERT INTO campaign_chances (campaign_id, user_id, used, day, used_today)
      VALUES (${id}, ${userId}, 1, ${today}, 1)
      ON CONFLICT (campaign_id, user_id) DO UPDATE
        SET used = campaign_chances.used + 1,
            used_today = CASE WHEN campaign_chances.day = ${today} THEN campaign_chances.used_today + 1 ELSE 1 END,
            day = ${today}
        WHERE campaign_chances.used < ${limits.perUserTotal}
          AND (campaign_chances.day <> ${today} OR campaign_chances.used_today < ${perDay})
      RETURNING used, used_today`.execute(trx)
    if (rows.length === 0) {
      const used = await trx
        .selectFrom('campaign_chances')
        .select('used')
        .where('campaign_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      throw new ApiError(409, 'NO_CHANCES', used.used >= limits.perUserTotal ? refusal.total : refusal.today)
    }
    return rows[0]
  }

  /** One of a prize's stock and of its day's cap, or false when either is used up (nothing then changes). */
  async take(trx: Transaction<DB>, id: string, prizeId: string, today: string): Promise<boolean> {
    const taken = await trx
      .updateTable('campaign_prizes')
      .set({ awarded: sql<number>`awarded + 1` })
      .where('campaign_id', '=', id)
      .where('prize_id', '=', prizeId)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('awarded', '<', eb.ref('stock'))]))
      .returning('daily_cap')
      .executeTakeFirst()
    if (!taken) return false
    if (taken.daily_cap === null) return true
    const { rows } = await sql<{ awarded: number }>`
      INSERT INTO campaign_prize_days (campaign_id, prize_id, day, awarded) VALUES (${id}, ${prizeId}, ${today}, 1)
      ON CONFLICT (campaign_id, prize_id, day) DO UPDATE SET awarded = campaign_prize_days.awarded + 1
        WHERE campaign_prize_days.awarded < ${taken.daily_cap}
      RETURNING awarded`.execute(trx)
    if (rows.length > 0) return true
    // Today's cap is reached: give the stock back (the row is ours until this transaction ends).
    await trx
      .updateTable('campaign_prizes')
      .set({ awarded: sql<number>`awarded - 1` })
      .where('campaign_id', '=', id)
      .where('prize_id', '=', prizeId)
      .execute()
    return false
  }
}
