import { sql, type Kysely } from 'kysely'
import { addDays, shanghaiDate } from '../../../src/domain/age'
import { LOCKS, withAdvisoryLock } from '../../db/advisoryLock'
import type { DatabaseKind } from '../../db/database'
import type { DB } from '../../db/schema'
import { dropPartitionsBefore, type Partitions } from './partitions'

// The analytics job (docs/analytics.md#storage): run by the sweep (every minute) under its own advisory lock, so
// one process at a time. It rebuilds from the raw events every hour of analytics_hourly that received events since
// the last run (late ones for an old day too): the hour's rows are deleted and counted again from its raw rows,
// so a rebuild is exact and running it twice changes nothing. It adds the new funnel visitors, lets the
// experiments part roll up, moves the watermark, makes partitions ahead and drops those past the retention.

/**
 * Raw events, and the visitor ids of funnel and test visitors, are kept this many days (then dropped); the counts
 * in analytics_hourly stay.
 */
export const RAW_RETENTION_DAYS = 180
/** analytics_order_visitors of orders never paid are forgotten after this long. */
export const ORDER_LINK_DAYS = 7
/** The watermark stays this far behind the run's start: an insert still committing is read next time. */
export const WATERMARK_LAG_MS = 10_000

/** The experiments part's rollup of exposures and conversions for days that received events. */
export type ExperimentsRollup = (db: Kysely<DB>, days: string[]) => Promise<void>

export interface AnalyticsJobReport {
  /** Hours of analytics_hourly rebuilt. */
  hours: number
  /** Days that received events since the last run. */
  days: string[]
  /** New rows of analytics_visitors. */
  visitors: number
  /** Days whose raw partition was dropped. */
  dropped: string[]
  /** Order links forgotten. */
  orderLinks: number
}

export interface AnalyticsJobDeps {
  database: { db: Kysely<DB>; kind: DatabaseKind }
  partitions: Partitions
  now: Date
  experiments?: ExperimentsRollup
}

/** analytics_visitors' stage of an event: a view, a click, a funnel step, the paid step. */
const STAGE = sql`CASE kind WHEN 'page_view' THEN 'view' WHEN 'block_click' THEN 'click'
  WHEN 'order_paid' THEN 'paid' ELSE step END`
const HOUR = sql`date_trunc('hour', occurred_at, 'Asia/Shanghai')`

/** Rebuilds the given hours (ISO instants) of one day in analytics_hourly, in one transaction. */
async function rebuildHours(db: Kysely<DB>, day: string, hours: string[]): Promise<void> {
  const list = JSON.stringify(hours)
  const first = hours.reduce((a, b) => (a < b ? a : b))
  const end = new Date(Date.parse(hours.reduce((a, b) => (a > b ? a : b))) + 3600_000).toISOString()
  await db.transaction().execute(async (trx) => {
    await sql`
      DELETE FROM analytics_hourly
       WHERE day = ${day}::date
         AND hour IN (SELECT jsonb_array_elements_text(${list}::jsonb)::timestamptz)`.execute(trx)
    await sql`
      INSERT INTO analytics_hourly (hour, day, page_id, page_version, phase, experiment_id, variant, kind,
                                    block_id, source, step, campaign_id, events, visitors, wins, amount_fen)
      SELECT ${HOUR}, day, coalesce(page_id, ''), coalesce(page_version, 0), coalesce(phase, ''),
             coalesce(experiment_id, ''), coalesce(variant, ''), kind, coalesce(block_id, ''),
             coalesce(source, ''), coalesce(step, ''), coalesce(campaign_id, ''),
             count(*), count(DISTINCT visitor), count(*) FILTER (WHERE won), coalesce(sum(amount_fen), 0)
        FROM analytics_events
       WHERE day = ${day}::date
         AND occurred_at >= ${first}::timestamptz AND occurred_at < ${end}::timestamptz
         AND ${HOUR} IN (SELECT jsonb_array_elements_text(${list}::jsonb)::timestamptz)
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`.execute(trx)
  })
}

/** One run of the job; null when another process is running it. */
export async function runAnalyticsJob(deps: AnalyticsJobDeps): Promise<AnalyticsJobReport | null> {
  const { database, partitions, now } = deps
  const { db } = database
  return withAdvisoryLock(database, LOCKS.analytics, 'skip', async () => {
    const today = shanghaiDate(now.getTime())
    await partitions.ensureRange(addDays(today, -8), addDays(today, 2))

    const state = await db
      .selectFrom('analytics_rollup_state')
      .select('rolled_up_to')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const since = state.rolled_up_to
    const { rows: dirty } = await sql<{ day: string; hour: Date }>`
      SELECT DISTINCT day::text AS day, ${HOUR} AS hour
        FROM analytics_events
       WHERE received_at > ${since}`.execute(db)
    const byDay = new Map<string, string[]>()
    for (const { day, hour } of dirty)
      byDay.set(day, [...(byDay.get(day) ?? []), new Date(hour).toISOString()])
    for (const [day, hours] of byDay) await rebuildHours(db, day, hours)

    const visitors = await sql`
      INSERT INTO analytics_visitors (page_id, day, stage, variant, visitor)
      SELECT DISTINCT coalesce(page_id, ''), day, ${STAGE}, coalesce(variant, ''), visitor
        FROM analytics_events
       WHERE received_at > ${since}
         AND kind IN ('page_view', 'block_click', 'funnel', 'order_paid')
         AND (kind <> 'funnel' OR step IS NOT NULL)
      ON CONFLICT DO NOTHING`.execute(db)

    const days = [...byDay.keys()].sort()
    if (deps.experiments && days.length) await deps.experiments(db, days)

    await db
      .updateTable('analytics_rollup_state')
      .set({ rolled_up_to: new Date(Math.max(since.getTime(), now.getTime() - WATERMARK_LAG_MS)) })
      .where('id', '=', 1)
      .execute()

    const dropped = await dropPartitionsBefore(db, addDays(today, -RAW_RETENTION_DAYS))
    partitions.forget(dropped)
    // Who reached a page's stages is as personal as a raw event (a pseudonymous id): kept as long as they are.
    await db.deleteFrom('analytics_visitors').where('day', '<', addDays(today, -RAW_RETENTION_DAYS)).execute()
    await db
      .deleteFrom('analytics_experiment_visitors')
      .where('exposed_at', '<', new Date(now.getTime() - RAW_RETENTION_DAYS * 24 * 3600_000))
      .execute()
    const links = await db
      .deleteFrom('analytics_order_visitors')
      .where('created_at', '<', new Date(now.getTime() - ORDER_LINK_DAYS * 24 * 3600_000))
      .executeTakeFirst()
    return {
      hours: dirty.length,
      days,
      visitors: Number(visitors.numAffectedRows ?? 0),
      dropped,
      orderLinks: Number(links.numDeletedRows),
    }
  })
}
