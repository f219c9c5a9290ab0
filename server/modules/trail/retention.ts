import type { Kysely } from 'kysely'
import { LOCKS, withAdvisoryLock } from '../../db/advisoryLock'
import type { DatabaseKind } from '../../db/database'
import type { DB } from '../../db/schema'
import type { StaffAudit } from '../studio/audit'

// How long a sale's trail is kept (互联网保险销售行为可回溯管理暂行办法, 2017 measures): from the end of the contract, 5 years
// for cover of a year or less, 10 years for longer cover. A contract without an end (终身) keeps its trail until it
// ends. A sale that never became a contract (abandoned, unpaid, refunded) is kept 5 years after its last step, the
// shorter term, so a complaint about it can still be checked.

export const SHORT_KEEP_YEARS = 5
export const LONG_KEEP_YEARS = 10
/** Cover of at most a year (366 days for a leap year) is short cover. */
export const SHORT_COVER_MAX_MS = 366 * 86_400_000

const addYears = (at: Date, years: number) => {
  const d = new Date(at)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d
}

export function keepUntil(
  contract: { policy_id: string | null; long_cover: boolean | null; contract_ends_at: Date | null },
  lastAt: Date,
): Date | null {
  if (!contract.policy_id) return addYears(lastAt, SHORT_KEEP_YEARS)
  if (!contract.contract_ends_at) return null
  return addYears(contract.contract_ends_at, contract.long_cover ? LONG_KEEP_YEARS : SHORT_KEEP_YEARS)
}

/** Whether a cover from `effectiveAt` to `expiresAt` (null: 终身) is longer than a year. */
export const isLongCover = (effectiveAt: Date, expiresAt: Date | null) =>
  expiresAt === null || expiresAt.getTime() - effectiveAt.getTime() > SHORT_COVER_MAX_MS

export interface RetentionResult {
  /** Null when another process holds the job's lock (it is doing this round). */
  due: number | null
  deleted: number
  oldestKeepUntil: Date | null
  dryRun: boolean
}

/**
 * Deletes the trails whose keep-until has passed (their records go with them) under an advisory lock, and says
 * so in the staff audit log; a dry run counts them and deletes nothing. Nothing else is ever deleted.
 */
export async function purgeExpiredTrails(
  database: { db: Kysely<DB>; kind: DatabaseKind },
  now: Date,
  audit: StaffAudit,
  dryRun: boolean,
): Promise<RetentionResult> {
  const { db } = database
  const result = await withAdvisoryLock(database, LOCKS.trailRetention, 'skip', async () => {
    const due = await db
      .selectFrom('sales_trails')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('keep_until').as('oldest')])
      .where('keep_until', '<', now)
      .executeTakeFirstOrThrow()
    const count = Number(due.count)
    const oldest = (due.oldest as Date | null) ?? null
    if (dryRun || count === 0) return { due: count, deleted: 0, oldestKeepUntil: oldest, dryRun }
    const deleted = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('sales_trails')
        .where('keep_until', '<', now)
        .returning('id')
        .execute()
      await audit.recordBySystem(
        {
          action: 'trail_retention',
          detail: `删除保存期满的销售过程记录 ${rows.length} 份（保存期限早于 ${now.toISOString()}）`,
        },
        trx,
      )
      return rows.length
    })
    return { due: count, deleted, oldestKeepUntil: oldest, dryRun }
  })
  return result ?? { due: null, deleted: 0, oldestKeepUntil: null, dryRun }
}
