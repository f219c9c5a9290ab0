import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { addDays } from '../../../src/domain/age'
import { shanghaiMidnightMs } from '../../../src/domain/dates'
import {
  EARNING_KINDS,
  expiryInstantMs,
  lastUsableDay,
  unspentOf,
  warningDue,
  yearEndMs,
  yearExpiringThisYear,
} from '../../../src/domain/pointsExpiry'
import {
  cycleBeansFor,
  nextStreak,
  rewardFor,
  signInDay,
  SIGN_IN_CYCLE_BEANS,
  SIGN_IN_LADDER,
} from '../../../src/domain/signIn'
import type {
  LedgerPage,
  LedgerQuery,
  PointsSummary,
  SignInResult,
  SignInStatus,
} from '../../../src/types/generated/api/points'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import type { MessageService } from '../messages/service'
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/seqCursor'
import { toIso } from '../../platform/time'
import type { Currency } from './tables'

type Db = Kysely<DB> | Transaction<DB>

/** What a ledger row is, in Chinese for the screens. */
const KIND_TITLES: Record<string, string> = {
  sign_in: '每日签到',
  sign_in_bonus: '连续签到7天奖励',
  expire: '积分过期',
  policy: '投保奖励',
  policy_clawback: '退保扣回',
  exchange: '兑换礼品',
  exchange_cancel: '取消兑换退回',
  campaign: '活动奖励',
}

/** Points a paid policy earns: 1 per whole yuan of premium. */
export const policyPoints = (premiumFen: number): number => Math.floor(premiumFen / 100)

const LEDGER_PAGE = 20

/** Users handled per round of the expiry jobs (the next round takes the rest). */
const EXPIRY_BATCH = 200

/** Whose balance, in which currency, why (kind), about what (reference). */
export interface LedgerEntryInput {
  userId: string
  currency: Currency
  kind: string
  reference: string
}

/**
 * Daily sign-in and the points ledger. Balances change only through `credit` (and, for exchanges, its kin),
 * which moves the balance and appends the ledger row in the caller's transaction, in one statement each, so
 * parallel requests and processes can neither lose nor double a change, nor take a balance below zero.
 */
export class PointsService {
  private readonly db: Kysely<DB>

  constructor(
    db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly messages: MessageService,
    private readonly ladder: readonly number[] = SIGN_IN_LADDER,
  ) {
    this.db = db
  }

  /** Appends the ledger row of a change of `amount` usable points, with the balances after it. */
  async record(
    trx: Transaction<DB>,
    entry: LedgerEntryInput,
    amount: number,
    after: { usable: number; frozen: number },
  ): Promise<void> {
    await trx
      .insertInto('point_ledger')
      .values({
        id: randomUUID(),
        user_id: entry.userId,
        currency: entry.currency,
        kind: entry.kind,
        amount,
        usable_after: after.usable,
        frozen_after: after.frozen,
        reference: entry.reference,
        created_at: this.now(),
      })
      .execute()
  }

  /** Adds `amount` (> 0) to a usable balance and records it; returns the balances after. */
  async credit(
    trx: Transaction<DB>,
    entry: LedgerEntryInput & { amount: number },
  ): Promise<{ usable: number; frozen: number }> {
    const balance = await trx
      .insertInto('point_accounts')
      .values({ user_id: entry.userId, currency: entry.currency, usable: entry.amount })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'currency'])
          .doUpdateSet({ usable: sql<number>`point_accounts.usable + ${entry.amount}` }),
      )
      .returning(['usable', 'frozen'])
      .executeTakeFirstOrThrow()
    await this.record(trx, entry, entry.amount, balance)
    return balance
  }

  /**
   * Takes back up to `amount` usable points (a surrendered policy's reward): never more than the user still
   * has, so the balance stays at or above zero; records what was taken. Returns the amount taken.
   */
  async takeBack(trx: Transaction<DB>, entry: LedgerEntryInput & { amount: number }): Promise<number> {
    const { rows } = await sql<{ usable: number; frozen: number; taken: number }>`
      WITH current AS (
        SELECT usable FROM point_accounts
        WHERE user_id = ${entry.userId} AND currency = ${entry.currency}
        FOR UPDATE
      )
      UPDATE point_accounts a
      SET usable = a.usable - least(current.usable, ${entry.amount})
      FROM current
      WHERE a.user_id = ${entry.userId} AND a.currency = ${entry.currency}
      RETURNING a.usable, a.frozen, least(current.usable, ${entry.amount}) AS taken`.execute(trx)
    const row = rows[0]
    if (!row || row.taken <= 0) return 0
    await this.record(trx, entry, -row.taken, row)
    return row.taken
  }

  private async balance(userId: string, currency: Currency, db: Db = this.db) {
    const row = await db
      .selectFrom('point_accounts')
      .select(['usable', 'frozen'])
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirst()
    return { usable: row?.usable ?? 0, frozen: row?.frozen ?? 0 }
  }

  /**
   * Signs the user in for today (Asia/Shanghai) and credits the day's reward. The (user, day) key makes a
   * second sign-in of the day, however many arrive at once, insert nothing: it is refused (409) and earns
   * nothing. The streak is computed from yesterday's row in the same statement.
   */
  async signIn(userId: string): Promise<SignInResult> {
    const day = signInDay(this.now().getTime())
    const yesterday = addDays(day, -1)
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sign_ins')
        .columns(['user_id', 'day', 'streak', 'reward', 'created_at'])
        .expression(
          trx.selectNoFrom([
            sql<string>`${userId}`.as('user_id'),
            sql<string>`${day}::date`.as('day'),
            sql<number>`coalesce((select s.streak from sign_ins s where s.user_id = ${userId} and s.day = ${yesterday}::date), 0) + 1`.as(
              'streak',
            ),
            sql<number>`0`.as('reward'),
            sql<Date>`${this.now()}`.as('created_at'),
          ]),
        )
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .returning(['streak'])
        .executeTakeFirst()
      if (!inserted)
        throw new ApiError(409, 'ALREADY_SIGNED_IN', '今天已经签到过了，明天再来吧', [
          { field: 'day', message: `${day} 已签到` },
        ])
      const reward = rewardFor(inserted.streak, this.ladder)
      await trx
        .updateTable('sign_ins')
        .set({ reward })
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .execute()
      const balance =
        reward > 0
          ? await this.credit(trx, {
              userId,
              currency: 'point',
              amount: reward,
              kind: 'sign_in',
              reference: day,
            })
          : await this.balance(userId, 'point', trx)
      // A completed 7-day cycle also earns beans (金豆), the mall's second currency.
      const beans = cycleBeansFor(inserted.streak, this.ladder)
      if (beans > 0)
        await this.credit(trx, {
          userId,
          currency: 'bean',
          amount: beans,
          kind: 'sign_in_bonus',
          reference: day,
        })
      return { day, streak: inserted.streak, reward, beans, usable: balance.usable }
    })
  }

  /** The month's calendar of sign-ins (default: this month) and where the streak stands today. */
  async status(userId: string, month?: string): Promise<SignInStatus> {
    const today = signInDay(this.now().getTime())
    const shown = month ?? today.slice(0, 7)
    const rows = await this.db
      .selectFrom('sign_ins')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([eb(sql`to_char(day, 'YYYY-MM')`, '=', shown), eb('day', '>=', addDays(today, -1))]),
      )
      .orderBy('day')
      .execute()
    const byDay = new Map(rows.map((r) => [r.day, r.streak]))
    const signedToday = byDay.has(today)
    const last = signedToday
      ? { day: today, streak: byDay.get(today) ?? 0 }
      : byDay.has(addDays(today, -1))
        ? { day: addDays(today, -1), streak: byDay.get(addDays(today, -1)) ?? 0 }
        : null
    const streak = last?.streak ?? 0
    const todayStreak = signedToday ? streak : nextStreak(today, last)
    const tomorrowStreak = signedToday ? streak + 1 : todayStreak + 1
    return {
      today,
      signedToday,
      streak,
      month: shown,
      signedDays: rows.map((r) => r.day).filter((d) => d.startsWith(shown)),
      ladder: [...this.ladder],
      todayReward: rewardFor(todayStreak, this.ladder),
      tomorrowReward: rewardFor(tomorrowStreak, this.ladder),
      cycleBeans: SIGN_IN_CYCLE_BEANS,
      usable: (await this.balance(userId, 'point')).usable,
    }
  }

  /** Both balances and this calendar month's points earned and spent. */
  async summary(userId: string): Promise<PointsSummary> {
    const today = signInDay(this.now().getTime())
    const monthStart = new Date(shanghaiMidnightMs(`${today.slice(0, 7)}-01`))
    const expiringYear = yearExpiringThisYear(this.now().getTime())
    const [point, bean, month, unspent] = await Promise.all([
      this.balance(userId, 'point'),
      this.balance(userId, 'bean'),
      this.db
        .selectFrom('point_ledger')
        .select([
          sql<string>`coalesce(sum(amount) filter (where amount > 0), 0)`.as('gain'),
          sql<string>`coalesce(-sum(amount) filter (where amount < 0), 0)`.as('spend'),
        ])
        .where('user_id', '=', userId)
        .where('currency', '=', 'point')
        .where('created_at', '>=', monthStart)
        .executeTakeFirstOrThrow(),
      this.unspentThrough(userId, expiringYear),
    ])
    return {
      point,
      bean,
      monthGain: Number(month.gain),
      monthSpend: Number(month.spend),
      expiring: unspent > 0 ? { amount: unspent, lastDay: lastUsableDay(expiringYear) } : null,
    }
  }

  /**
   * Points earned up to the end of `year` and not yet used: spending takes the oldest points first, so it is
   * those earnings less everything that has left the balance (spent, frozen, clawed back, expired) before
   * they expire, capped by the usable balance.
   */
  private async unspentThrough(userId: string, year: number, db: Db = this.db): Promise<number> {
    const flows = await this.flows(userId, year, db)
    const { usable } = await this.balance(userId, 'point', db)
    return unspentOf(flows.earned, flows.outflow, usable)
  }

  private async flows(userId: string, year: number, db: Db) {
    const earning = sql`amount > 0 AND kind IN (${sql.join([...EARNING_KINDS])})`
    const row = await db
      .selectFrom('point_ledger')
      .select([
        sql<string>`coalesce(sum(amount) filter (where ${earning} and created_at < ${new Date(yearEndMs(year))}), 0)`.as(
          'earned',
        ),
        sql<string>`coalesce(-sum(amount) filter (where not (${earning})), 0)`.as('outflow'),
      ])
      .where('user_id', '=', userId)
      .where('currency', '=', 'point')
      .where('created_at', '<', new Date(expiryInstantMs(year)))
      .executeTakeFirstOrThrow()
    return { earned: Number(row.earned), outflow: Number(row.outflow) }
  }

  /**
   * The daily points jobs (run by the sweep): from 1 December, warn each user whose points of last year are
   * still unspent; from 1 January, expire what is left of the year before last. Each (user, year, warned or
   * expired) is done once: its row in point_expiries is inserted in the same transaction as the change.
   */
  async runExpiryJobs(): Promise<{ warned: number; expired: number }> {
    const nowMs = this.now().getTime()
    const thisYearsExpiry = yearExpiringThisYear(nowMs)
    let warned = 0
    let expired = 0
    if (warningDue(thisYearsExpiry, nowMs)) {
      for (const userId of await this.usersPending(thisYearsExpiry, 'warned'))
        if (await this.warn(userId, thisYearsExpiry)) warned++
    }
    // Earlier years too, should the server have been down on the day.
    for (let year = thisYearsExpiry - 1; year >= thisYearsExpiry - 2; year--) {
      for (const userId of await this.usersPending(year, 'expired'))
        if ((await this.expire(userId, year)) > 0) expired++
    }
    return { warned, expired }
  }

  /** Users who earned points up to the end of `year` and whose `kind` step for it is not done. */
  private async usersPending(year: number, kind: 'warned' | 'expired'): Promise<string[]> {
    const rows = await this.db
      .selectFrom('point_ledger as l')
      .select('l.user_id')
      .distinct()
      .where('l.currency', '=', 'point')
      .where('l.amount', '>', 0)
      .where('l.kind', 'in', [...EARNING_KINDS])
      .where('l.created_at', '<', new Date(yearEndMs(year)))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('point_expiries as e')
              .select('e.user_id')
              .whereRef('e.user_id', '=', 'l.user_id')
              .where('e.currency', '=', 'point')
              .where('e.year', '=', year)
              .where('e.kind', '=', kind),
          ),
        ),
      )
      .limit(EXPIRY_BATCH)
      .execute()
    return rows.map((r) => r.user_id)
  }

  /** Claims the (user, year, kind) step; false when another process or round already did it. */
  private async claimStep(
    trx: Transaction<DB>,
    userId: string,
    year: number,
    kind: 'warned' | 'expired',
    amount: number,
  ): Promise<boolean> {
    const claimed = await trx
      .insertInto('point_expiries')
      .values({ user_id: userId, currency: 'point', year, kind, amount, created_at: this.now() })
      .onConflict((oc) => oc.doNothing())
      .returning('year')
      .executeTakeFirst()
    return claimed !== undefined
  }

  /** Warns a user of points of `year` that expire at the end of this year; whether a message was sent. */
  private async warn(userId: string, year: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const amount = await this.unspentThrough(userId, year, trx)
      if (!(await this.claimStep(trx, userId, year, 'warned', amount)) || amount === 0) return false
      await this.messages.notify(trx, userId, {
        kind: 'points_expiring',
        amount,
        lastDay: lastUsableDay(year),
      })
      return true
    })
  }

  /**
   * Expires what is left of the points earned up to the end of `year`: the balance row is locked first, so a
   * spending at the same moment comes before or after, never in between; returns the points expired.
   */
  async expire(userId: string, year: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.claimStep(trx, userId, year, 'expired', 0))) return 0
      const locked = await trx
        .selectFrom('point_accounts')
        .select(['usable'])
        .where('user_id', '=', userId)
        .where('currency', '=', 'point')
        .forUpdate()
        .executeTakeFirst()
      if (!locked) return 0
      const amount = await this.unspentThrough(userId, year, trx)
      if (amount === 0) return 0
      const balance = await trx
        .updateTable('point_accounts')
        .set({ usable: sql<number>`usable - ${amount}` })
        .where('user_id', '=', userId)
        .where('currency', '=', 'point')
        .returning(['usable', 'frozen'])
        .executeTakeFirstOrThrow()
      await this.record(
        trx,
        { userId, currency: 'point', kind: 'expire', reference: String(year) },
        -amount,
        balance,
      )
      await trx
        .updateTable('point_expiries')
        .set({ amount })
        .where('user_id', '=', userId)
        .where('currency', '=', 'point')
        .where('year', '=', year)
        .where('kind', '=', 'expired')
        .execute()
      await this.messages.notify(trx, userId, {
        kind: 'points_expired',
        amount,
        lastDay: lastUsableDay(year),
      })
      return amount
    })
  }

  /** The ledger, newest first, in cursor pages; `direction` keeps only earnings or spendings. */
  async ledger(userId: string, query: LedgerQuery): Promise<LedgerPage> {
    const limit = query.limit ?? LEDGER_PAGE
    let select = this.db
      .selectFrom('point_ledger')
      .select(['id', 'seq', 'currency', 'kind', 'amount', 'usable_after', 'created_at'])
      .where('user_id', '=', userId)
      .where('currency', '=', query.currency ?? 'point')
    if (query.direction === 'earn') select = select.where('amount', '>', 0)
    if (query.direction === 'spend') select = select.where('amount', '<', 0)
    if (query.cursor) select = select.where('seq', '<', sql<string>`${decodeSeqCursor(query.cursor)}::bigint`)
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      items: page.map((r) => ({
        id: r.id,
        currency: r.currency,
        kind: r.kind,
        title: KIND_TITLES[r.kind] ?? '积分变动',
        amount: r.amount,
        usableAfter: r.usable_after,
        createdAt: toIso(r.created_at),
      })),
      nextCursor: rows.length > limit && last ? encodeSeqCursor(String(last.seq)) : null,
    }
  }
}
