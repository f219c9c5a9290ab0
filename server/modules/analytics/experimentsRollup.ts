import { sql, type Kysely, type RawBuilder } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import { assignVariant, type ExperimentGoal, type Variant } from '../../../src/domain/experiments'
import type { DB } from '../../db/schema'

// Exposures and conversions of A/B tests (docs/analytics.md#ab-tests), rolled up from the raw events by the
// analytics job (rollup.ts) for the days that received events, under its advisory lock:
// - a visitor is exposed by their first page_view of the test's page carrying the test's id, in the variant the
//   test assigns them (an event naming another variant than assignVariant gives that visitor is not counted: a
//   browser cannot put itself in a variant); the earliest such view is kept;
// - they convert when a goal event of theirs happened at or after their exposure and before the test stopped
//   (a block_click on that block of the page; a campaign_draw on the page or of one of its campaigns; an
//   order_paid attributed to the page); the earliest such time is kept.
// Both steps only ever move a time earlier, so running them again, or with events arriving late in any order,
// gives the same rows.

/** Rows written per statement. */
const CHUNK = 2_000

interface TestRow {
  id: string
  page_id: string
  variants: Variant[]
  goal: ExperimentGoal
  started_at: Date
  stopped_at: Date | null
  /** The campaigns the test's versions declare (a draw goal counts their draws). */
  campaigns: string[] | null
}

const dayList = (days: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)::date)`

/** The goal events of a test, on `g` (analytics_events). */
function goalFilter(test: TestRow): RawBuilder<unknown> {
  const { goal } = test
  if (goal.kind === 'click')
    return sql`g.kind = 'block_click' AND g.page_id = ${test.page_id} AND g.block_id = ${goal.blockId}`
  if (goal.kind === 'paid') return sql`g.kind = 'order_paid' AND g.page_id = ${test.page_id}`
  return sql`g.kind = 'campaign_draw' AND (g.page_id = ${test.page_id} OR g.campaign_id IN
    (SELECT jsonb_array_elements_text(${JSON.stringify(test.campaigns ?? [])}::jsonb)))`
}

/** Events up to the test's stop (all of them while it runs). */
const untilStop = (test: TestRow, column: RawBuilder<unknown>) =>
  sql`(${test.stopped_at}::timestamptz IS NULL OR ${column} <= ${test.stopped_at}::timestamptz)`

/** Rolls up every test that ran on any of `days` (Beijing dates, 'YYYY-MM-DD'). */
export async function rollupExperiments(db: Kysely<DB>, days: string[]): Promise<void> {
  if (!days.length) return
  const sorted = [...new Set(days)].sort()
  const { rows: tests } = await sql<TestRow>`
    SELECT e.id, e.page_id, e.variants, e.goal, e.started_at, e.stopped_at,
           (SELECT jsonb_agg(DISTINCT c) FROM studio_page_versions v,
                   json_object_keys(CASE json_typeof(v.config -> 'campaigns')
                                    WHEN 'object' THEN v.config -> 'campaigns' ELSE '{}'::json END) c
             WHERE v.page_id = e.page_id
               AND v.version IN (SELECT (x ->> 'version')::integer FROM jsonb_array_elements(e.variants) x))
             AS campaigns
      FROM page_experiments e
     WHERE e.started_at IS NOT NULL
       AND (e.started_at AT TIME ZONE 'Asia/Shanghai')::date <= ${sorted[sorted.length - 1]}::date
       AND (e.stopped_at IS NULL
            OR (e.stopped_at AT TIME ZONE 'Asia/Shanghai')::date >= ${sorted[0]}::date)
     ORDER BY e.id`.execute(db)
  for (const test of tests) await rollupTest(db, test, sorted)
}

async function rollupTest(db: Kysely<DB>, test: TestRow, days: string[]): Promise<void> {
  // Exposures: each visitor's first view of these days not already kept at that time or before (after the first
  // run only the new visitors come back).
  const { rows: views } = await sql<{ visitor: string; variant: string | null; occurred_at: Date }>`
    SELECT DISTINCT ON (g.visitor) g.visitor, g.variant, g.occurred_at
      FROM analytics_events g
     WHERE g.day IN ${dayList(days)}
       AND g.kind = 'page_view' AND g.page_id = ${test.page_id} AND g.experiment_id = ${test.id}
       AND ${untilStop(test, sql.ref('g.occurred_at'))}
       AND NOT EXISTS (SELECT 1 FROM analytics_experiment_visitors x
                        WHERE x.experiment_id = ${test.id} AND x.visitor = g.visitor
                          AND x.exposed_at <= g.occurred_at)
     ORDER BY g.visitor, g.occurred_at, g.event_id`.execute(db)
  const exposed = views
    .filter((v) => v.variant === assignVariant(test.id, v.visitor, test.variants))
    .map((v) => ({
      visitor: v.visitor,
      variant: v.variant,
      exposed_at: new Date(v.occurred_at).toISOString(),
    }))
  const goal = goalFilter(test)
  for (let i = 0; i < exposed.length; i += CHUNK) {
    const chunk = exposed.slice(i, i + CHUNK)
    const list = JSON.stringify(chunk)
    await sql`
      INSERT INTO analytics_experiment_visitors (experiment_id, visitor, variant, exposed_at)
      SELECT ${test.id}, r.visitor, r.variant, r.exposed_at
        FROM jsonb_to_recordset(${list}::jsonb) AS r(visitor text, variant text, exposed_at timestamptz)
      ON CONFLICT (experiment_id, visitor) DO UPDATE
        SET variant = excluded.variant, exposed_at = excluded.exposed_at
        WHERE excluded.exposed_at < analytics_experiment_visitors.exposed_at`.execute(db)
    // A visitor exposed (or exposed earlier) only now may have reached the goal on a day rolled up before.
    const since = shanghaiDate(Math.min(...chunk.map((c) => Date.parse(c.exposed_at))))
    await sql`
      UPDATE analytics_experiment_visitors x SET converted_at = c.first
        FROM (SELECT g.visitor, min(g.occurred_at) AS first
                FROM jsonb_to_recordset(${list}::jsonb) AS n(visitor text, exposed_at timestamptz)
                JOIN analytics_events g ON g.visitor = n.visitor AND g.occurred_at >= n.exposed_at
               WHERE g.day >= ${since}::date AND ${goal} AND ${untilStop(test, sql.ref('g.occurred_at'))}
               GROUP BY g.visitor) c
       WHERE x.experiment_id = ${test.id} AND x.visitor = c.visitor
         AND x.exposed_at <= c.first AND (x.converted_at IS NULL OR c.first < x.converted_at)`.execute(db)
  }
  // Conversions on these days of visitors exposed before them.
  await sql`
    UPDATE analytics_experiment_visitors x SET converted_at = c.first
      FROM (SELECT g.visitor, min(g.occurred_at) AS first
              FROM analytics_events g
              JOIN analytics_experiment_visitors v
                ON v.experiment_id = ${test.id} AND v.visitor = g.visitor AND g.occurred_at >= v.exposed_at
             WHERE g.day IN ${dayList(days)} AND ${goal} AND ${untilStop(test, sql.ref('g.occurred_at'))}
             GROUP BY g.visitor) c
     WHERE x.experiment_id = ${test.id} AND x.visitor = c.visitor
       AND (x.converted_at IS NULL OR c.first < x.converted_at)`.execute(db)
}
