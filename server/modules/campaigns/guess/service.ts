import { createHash } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import { isLocked, maskNickname, nextLock, pickOutcome, scorePicks } from '../../../../src/domain/guess'
import type {
  GuessLeaderboard,
  GuessPicksRequest,
  GuessResultEntered,
  GuessState,
  InviteCode,
} from '../../../../src/types/generated/api/campaign'
import type { DB } from '../../../db/schema'
import { ApiError, notFound } from '../../../platform/errors'
import { recordAnswer } from '../../../platform/idempotency'
import { toIso } from '../../../platform/time'
import type { MessageService } from '../../messages/service'
import type { PointsService } from '../../points/service'
import type { CampaignGuessItemsTable } from './tables'
import { rewardText, type CampaignRow, type CampaignService } from '../service'
import type { CampaignsTable } from '../tables'

type Item = Selectable<CampaignGuessItemsTable>

const LEADERBOARD_SIZE = 20
/** Invite codes: 8 characters of an alphabet without 0/O and 1/I/L (read off a poster, typed by hand). */
const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const INVITE_LENGTH = 8

const itemName = (item: { title: string }) => `“${item.title}”`
const labelOf = (item: Item, optionId: string) =>
  item.options.find((o) => o.id === optionId)?.label ?? optionId

/**
 * Guessing games (竞猜) declared in page configs: a user's pick per item is taken by one conditional upsert that
 * holds only while the item is open on the server's clock; the result is entered once (a command in the demo, a
 * staff route later) and every correct pick is rewarded exactly once, in the same transaction, with a message.
 */
export class GuessService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly campaigns: CampaignService,
    private readonly points: PointsService,
    private readonly messages: MessageService,
  ) {}

  private async guessCampaign(id: string): Promise<CampaignRow> {
    const campaign = await this.campaigns.campaign(id)
    if (campaign.kind !== 'guess') throw new ApiError(409, 'NOT_A_GUESS', '该活动不是竞猜活动')
    return campaign
  }

  private items(id: string, db: Kysely<DB> = this.db): Promise<Item[]> {
    return db
      .selectFrom('campaign_guess_items')
      .selectAll()
      .where('campaign_id', '=', id)
      .orderBy('sort')
      .execute()
  }

  /**
   * The guess part of GET /api/campaigns/:id: the items with their lock and result, how many picked each option,
   * and this user's picks and rewards.
   */
  async state(
    campaign: Selectable<CampaignsTable>,
    userId: string | null,
    db: Kysely<DB> = this.db,
  ): Promise<GuessState> {
    const id = campaign.id
    const nowMs = this.now().getTime()
    const [items, counts, mine, rewards] = await Promise.all([
      this.items(id, db),
      db
        .selectFrom('campaign_guess_picks')
        .select(['item_id', 'option_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('campaign_id', '=', id)
        .groupBy(['item_id', 'option_id'])
        .execute(),
      userId
        ? db
            .selectFrom('campaign_guess_picks')
            .select(['item_id', 'option_id'])
            .where('campaign_id', '=', id)
            .where('user_id', '=', userId)
            .execute()
        : [],
      userId
        ? db
            .selectFrom('campaign_guess_rewards as r')
            .innerJoin('campaign_guess_items as i', (join) =>
              join.onRef('i.campaign_id', '=', 'r.campaign_id').onRef('i.item_id', '=', 'r.item_id'),
            )
            .select(['r.item_id', 'i.title', 'r.reward', 'r.created_at'])
            .where('r.campaign_id', '=', id)
            .where('r.user_id', '=', userId)
            .orderBy('r.created_at', 'desc')
            .orderBy('i.sort', 'desc')
            .execute()
        : [],
    ])
    const count = new Map(counts.map((c) => [`${c.item_id}\n${c.option_id}`, Number(c.n)]))
    const picked = new Map(mine.map((p) => [p.item_id, p.option_id]))
    const out = items.map((item) => {
      const lockAt = toIso(item.lock_at)
      const myPick = picked.get(item.item_id) ?? null
      return {
        id: item.item_id,
        title: item.title,
        stage: item.stage,
        kickoffAt: item.kickoff_at ? toIso(item.kickoff_at) : null,
        lockAt,
        locked: isLocked(lockAt, nowMs),
        options: item.options.map((o) => ({
          id: o.id,
          label: o.label,
          picks: count.get(`${item.item_id}\n${o.id}`) ?? 0,
        })),
        result: item.result_option_id,
        myPick,
        outcome: pickOutcome(myPick, item.result_option_id),
      }
    })
    const reward = campaign.definition.correctReward
    return {
      items: out,
      correctReward: reward ? rewardText(reward, '', this.now().getTime()) : '',
      nextLockAt: nextLock(out, nowMs),
      score: userId ? scorePicks(out) : null,
      rewards: rewards.map((r) => ({
        itemId: r.item_id,
        title: r.title,
        reward: rewardText(r.reward, '', this.now().getTime()),
        at: toIso(r.created_at),
      })),
    }
  }

  /**
   * Makes or changes this user's picks, all or none: each by one statement that inserts or updates the pick only
   * while its item is open on the server's clock (and has no result), so a pick can never land after the lock.
   */
  async pick(id: string, userId: string, input: GuessPicksRequest): Promise<GuessState> {
    const campaign = await this.guessCampaign(id)
    this.campaigns.assertOpen(campaign)
    const now = this.now()
    const items = new Map((await this.items(id)).map((item) => [item.item_id, item]))
    const seen = new Set<string>()
    input.picks.forEach((pick, i) => {
      const field = `picks.${i}`
      const bad = (at: string, message: string) =>
        new ApiError(400, 'INVALID_INPUT', message, [{ field: `${field}.${at}`, message }])
      const item = items.get(pick.itemId)
      if (!item) throw bad('itemId', `竞猜项 ${pick.itemId} 不存在`)
      if (seen.has(pick.itemId)) throw bad('itemId', `${itemName(item)}只能选一个结果`)
      seen.add(pick.itemId)
      if (!item.options.some((o) => o.id === pick.optionId))
        throw bad('optionId', `${itemName(item)}没有选项 ${pick.optionId}`)
      if (isLocked(toIso(item.lock_at), now.getTime())) throw this.locked(item, field)
    })
    await this.campaigns.assertEligible(campaign, userId)
    return this.db.transaction().execute(async (trx) => {
      for (const [i, pick] of input.picks.entries()) {
        // FOR SHARE: a result being entered for the item waits for this pick, or this pick waits and then sees
        // the result (and takes nothing), so a pick is either rewarded with its result or never made.
        const { rows } = await sql<{ option_id: string }>`
          INSERT INTO campaign_guess_picks (campaign_id, item_id, user_id, option_id, created_at, picked_at)
          SELECT i.campaign_id, i.item_id, ${userId}, ${pick.optionId}, ${now}, ${now}
          FROM campaign_guess_items i
          WHERE i.campaign_id = ${id} AND i.item_id = ${pick.itemId}
            AND i.lock_at > ${now} AND i.result_option_id IS NULL
          FOR SHARE
          ON CONFLICT (campaign_id, item_id, user_id) DO UPDATE
            SET option_id = excluded.option_id,
                picked_at = CASE WHEN campaign_guess_picks.option_id = excluded.option_id
                                 THEN campaign_guess_picks.picked_at ELSE excluded.picked_at END
          RETURNING option_id`.execute(trx)
        if (rows.length === 0) throw this.locked(items.get(pick.itemId) as Item, `picks.${i}`)
      }
      return recordAnswer(trx, await this.state(campaign, userId, trx))
    })
  }

  private locked(item: Item, field: string): ApiError {
    const message = `${itemName(item)}已截止竞猜，不能再选或修改`
    return new ApiError(409, 'GUESS_LOCKED', message, [{ field: `${field}.itemId`, message }])
  }

  /**
   * Enters an item's result (after its lock) and rewards every correct pick once, in one transaction: the result
   * is set only while none is, each reward row is keyed by campaign, item and user, and only rows that were
   * inserted are credited and told. The same result again does nothing; another result is refused.
   */
  async enterResult(
    id: string,
    itemId: string,
    optionId: string,
    actor: string,
  ): Promise<GuessResultEntered> {
    const campaign = await this.guessCampaign(id)
    const item = await this.db
      .selectFrom('campaign_guess_items')
      .selectAll()
      .where('campaign_id', '=', id)
      .where('item_id', '=', itemId)
      .executeTakeFirst()
    if (!item) throw notFound('竞猜项')
    if (!item.options.some((o) => o.id === optionId)) {
      const message = `${itemName(item)}没有选项 ${optionId}（可选：${item.options.map((o) => o.id).join('、')}）`
      throw new ApiError(400, 'INVALID_INPUT', message, [{ field: 'optionId', message }])
    }
    const now = this.now()
    if (now < item.lock_at)
      throw new ApiError(409, 'GUESS_NOT_LOCKED', `${itemName(item)}尚未截止竞猜，不能录入结果`)
    const reward = campaign.definition.correctReward
    if (!reward || (reward.kind !== 'points' && reward.kind !== 'beans'))
      throw new ApiError(409, 'GUESS_NO_REWARD', `活动 ${id} 没有可发放的猜中奖励（积分或金豆）`)
    return this.db.transaction().execute(async (trx) => {
      const set = await trx
        .updateTable('campaign_guess_items')
        .set({ result_option_id: optionId, result_at: now })
        .where('campaign_id', '=', id)
        .where('item_id', '=', itemId)
        .where('result_option_id', 'is', null)
        .where('lock_at', '<=', now)
        .returning('item_id')
        .executeTakeFirst()
      if (!set) {
        const { result_option_id: entered } = await trx
          .selectFrom('campaign_guess_items')
          .select('result_option_id')
          .where('campaign_id', '=', id)
          .where('item_id', '=', itemId)
          .executeTakeFirstOrThrow()
        if (entered === optionId) return { itemId, optionId, rewarded: 0, alreadyEntered: true }
        throw new ApiError(
          409,
          'GUESS_RESULT_ENTERED',
          `${itemName(item)}的结果已录入为“${labelOf(item, entered ?? '')}”，不能修改`,
        )
      }
      const { rows: winners } = await sql<{ id: string; user_id: string }>`
        INSERT INTO campaign_guess_rewards (id, campaign_id, item_id, user_id, reward, created_at)
        SELECT 'guess:' || p.campaign_id || ':' || p.item_id || ':' || p.user_id, p.campaign_id, p.item_id,
               p.user_id, ${JSON.stringify(reward)}::jsonb, ${now}
        FROM campaign_guess_picks p
        WHERE p.campaign_id = ${id} AND p.item_id = ${itemId} AND p.option_id = ${optionId}
        ON CONFLICT DO NOTHING
        RETURNING id, user_id`.execute(trx)
      const text = rewardText(reward, '', this.now().getTime())
      for (const winner of winners) {
        await this.points.credit(trx, {
          userId: winner.user_id,
          currency: reward.kind === 'points' ? 'point' : 'bean',
          kind: 'campaign',
          reference: winner.id,
          amount: reward.amount,
        })
        await this.messages.notify(trx, winner.user_id, {
          kind: 'guess_rewarded',
          campaign: campaign.title,
          item: item.title,
          reward: text,
        })
      }
      await trx
        .insertInto('campaign_audit')
        .values({
          campaign_id: id,
          actor,
          action: 'guess_result',
          detail: JSON.stringify({ itemId, optionId, rewarded: winners.length }),
          at: now,
        })
        .execute()
      return { itemId, optionId, rewarded: winners.length, alreadyEntered: false }
    })
  }

  /** Top 20 by correct picks (ties: the earlier last correct pick first), nicknames masked, and my rank. */
  async leaderboard(id: string, userId: string | null): Promise<GuessLeaderboard> {
    await this.guessCampaign(id)
    const { rows } = await sql<{
      user_id: string
      nickname: string
      correct: number
      rank: string
      n: string
    }>`
      WITH correct AS (
        SELECT p.user_id, count(*)::int AS correct, max(p.picked_at) AS last_at
        FROM campaign_guess_picks p
        JOIN campaign_guess_items i ON i.campaign_id = p.campaign_id AND i.item_id = p.item_id
        WHERE p.campaign_id = ${id} AND i.result_option_id = p.option_id
        GROUP BY p.user_id
      ), ranked AS (
        SELECT c.user_id, c.correct,
               rank() OVER (ORDER BY c.correct DESC, c.last_at ASC) AS rank,
               row_number() OVER (ORDER BY c.correct DESC, c.last_at ASC, c.user_id) AS n
        FROM correct c
      )
      SELECT r.user_id, u.nickname, r.correct, r.rank, r.n
      FROM ranked r JOIN users u ON u.id = r.user_id
      WHERE r.n <= ${LEADERBOARD_SIZE} OR r.user_id = ${userId}
      ORDER BY r.n`.execute(this.db)
    const decided = await this.db
      .selectFrom('campaign_guess_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', id)
      .where('result_option_id', 'is not', null)
      .executeTakeFirstOrThrow()
    const mine = rows.find((r) => r.user_id === userId)
    return {
      entries: rows
        .filter((r) => Number(r.n) <= LEADERBOARD_SIZE)
        .map((r) => ({
          rank: Number(r.rank),
          nickname: maskNickname(r.nickname),
          correct: r.correct,
          mine: r.user_id === userId,
        })),
      me: userId ? { rank: mine ? Number(mine.rank) : null, correct: mine?.correct ?? 0 } : null,
      decided: Number(decided.n),
    }
  }

  /** This user's invite code (made on first use, derived from the user id) and nickname, for the poster. */
  async invite(userId: string | null): Promise<InviteCode> {
    if (!userId) return { invite: null }
    const user = await this.db
      .selectFrom('users as u')
      .leftJoin('user_invite_codes as c', 'c.user_id', 'u.id')
      .select(['u.nickname', 'c.code'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow()
    if (user.code) return { invite: { code: user.code, nickname: user.nickname } }
    // Derived, so a retry makes the same code; another salt only if a different user already has it.
    for (let salt = 0; salt < 8; salt++) {
      const digest = createHash('sha256').update(`invite:${userId}:${salt}`).digest()
      const code = Array.from(
        digest.subarray(0, INVITE_LENGTH),
        (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length],
      ).join('')
      await this.db
        .insertInto('user_invite_codes')
        .values({ user_id: userId, code, created_at: this.now() })
        .onConflict((oc) => oc.doNothing())
        .execute()
      const kept = await this.db
        .selectFrom('user_invite_codes')
        .select('code')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (kept) return { invite: { code: kept.code, nickname: user.nickname } }
    }
    throw new ApiError(503, 'INVITE_UNAVAILABLE', '邀请码生成失败，请稍后重试')
  }
}
