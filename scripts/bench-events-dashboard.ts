// The dashboards' half of `bench:events` (docs/analytics.md#dashboards): on a throwaway PostgreSQL, DASHBOARD_EVENTS
// raw events (default 10 million) over DASHBOARD_DAYS days (default 30) on 5 pages with 8 blocks each, an A/B test
// on one page, 7 sources and DASHBOARD_VISITORS anonymous visitors (default 400,000), written with
// INSERT … SELECT generate_series straight into each day's partition; then the analytics job rolls them up
// (runAnalyticsJob, timed), and each dashboard query is timed DASHBOARD_RUNS times (default 30) over the whole
// range: the pages list, a page's overview by day and by hour (7 days), blocks, funnel, campaigns and the CSV
// export. Prints p50/p95/max ms per query. Everything runs in this process against its own PostgreSQL, stopped by
// PID at the end; a watchdog stops the run after DASHBOARD_WATCHDOG_S seconds (default 1500).
import { sql, type Kysely } from 'kysely'
import { addDays, shanghaiDate } from '../src/domain/age'
import { openDatabase, type Database } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import type { DB } from '../server/db/schema'
import { AnalyticsDashboard, readRange } from '../server/modules/analytics/dashboard'
import { Partitions, partitionName } from '../server/modules/analytics/partitions'
import { runAnalyticsJob } from '../server/modules/analytics/rollup'
import { startPostgres, type Postgres } from './postgres'

const EVENTS = Number(process.env.DASHBOARD_EVENTS ?? 10_000_000)
const DAYS = Number(process.env.DASHBOARD_DAYS ?? 30)
const VISITORS = Number(process.env.DASHBOARD_VISITORS ?? 400_000)
const RUNS = Number(process.env.DASHBOARD_RUNS ?? 30)
const WATCHDOG_S = Number(process.env.DASHBOARD_WATCHDOG_S ?? 1500)
/** Rows per INSERT statement (a day is written in a few of them). */
const CHUNK = 500_000
const PAGES = ['bench-p0', 'bench-p1', 'bench-p2', 'bench-p3', 'bench-p4']

let postgres: Postgres | null = null
let database: Database | null = null
const started = performance.now()
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1)

async function cleanUp() {
  await database?.close()
  await postgres?.stop()
}

const watchdog = setTimeout(() => {
  console.error(`bench:events (dashboards): still running after ${WATCHDOG_S} s, stopping`)
  void cleanUp().finally(() => process.exit(1))
}, WATCHDOG_S * 1000)

/** The pages, their live versions (8 blocks each), an A/B test on bench-p0, a lottery with draws on bench-p1. */
async function fixtures(db: Kysely<DB>, today: string) {
  const now = new Date()
  await sql`INSERT INTO staff_users (username, display_name, role, password_hash, created_at, updated_at)
            VALUES ('bench', '压测', 'publisher', 'x', ${now}, ${now})`.execute(db)
  const blocks = Array.from({ length: 8 }, (_, i) =>
    i === 0 ? { type: 'hero', id: 'hero', title: '首屏' } : { type: 'button', text: `按钮 ${i}` },
  )
  for (const [i, id] of PAGES.entries()) {
    const config = JSON.stringify({ schemaVersion: 3, title: `压测页面 ${i}`, blocks })
    await sql`INSERT INTO studio_pages (id, title, draft, saved_by, saved_at, last_version, created_by, created_at)
              SELECT ${id}, ${`压测页面 ${i}`}, ${config}::json, s.id, ${now}, 1, s.id, ${now}
                FROM staff_users s WHERE s.username = 'bench'`.execute(db)
    await sql`INSERT INTO studio_page_versions (page_id, version, config, markdown, revision, created_by, created_at)
              SELECT ${id}, 1, ${config}::json, '{}'::json, 1, s.id, ${now}
                FROM staff_users s WHERE s.username = 'bench'`.execute(db)
    await sql`INSERT INTO studio_publications (page_id, version, kind, publish_at, created_by, created_at)
              SELECT ${id}, 1, 'publish', ${new Date(`${addDays(today, -DAYS)}T00:00:00+08:00`)}, s.id, ${now}
                FROM staff_users s WHERE s.username = 'bench'`.execute(db)
  }
  await sql`INSERT INTO page_experiments (id, page_id, name, status, variants, goal, baseline_rate, min_effect,
                                          sample_per_variant, started_at, created_by, created_at)
            SELECT 'bench-exp', 'bench-p0', '首屏实验', 'running',
                   ${JSON.stringify([
                     { key: 'A', version: 1, weight: 50, label: '原版' },
                     { key: 'B', version: 1, weight: 50, label: '新版' },
                   ])}::jsonb,
                   ${JSON.stringify({ kind: 'click', blockId: 'hero' })}::jsonb, 0.1, 0.02, 3000, ${now}, s.id, ${now}
              FROM staff_users s WHERE s.username = 'bench'`.execute(db)
  const prizes = [
    {
      id: 'cup',
      name: '保温杯',
      weight: 5,
      stock: 5000,
      costFen: 2500,
      reward: { kind: 'physical', description: '杯' },
    },
    { id: 'pts', name: '10积分', weight: 45, stock: 100000, reward: { kind: 'points', amount: 10 } },
    { id: 'thanks', name: '谢谢参与', weight: 50, reward: { kind: 'nothing' } },
  ]
  const definition = { kind: 'lottery', title: '压测抽奖', prizes }
  await sql`INSERT INTO campaigns (id, kind, title, file, definition, starts_at, ends_at, seed, seed_hash, registered_at,
                                   updated_at, page_id, page_version)
            VALUES ('bench-draw', 'lottery', '压测抽奖', 'studio:bench-p1', ${JSON.stringify(definition)}::jsonb,
                    ${new Date(`${addDays(today, -DAYS)}T00:00:00+08:00`)}, ${new Date(`${addDays(today, 30)}T00:00:00+08:00`)},
                    'seed', 'hash', ${now}, ${now}, 'bench-p1', 1)`.execute(db)
  for (const [sort, p] of prizes.entries())
    await sql`INSERT INTO campaign_prizes (campaign_id, prize_id, sort, name, weight, stock, reward, awarded)
              VALUES ('bench-draw', ${p.id}, ${sort}, ${p.name}, ${p.weight}, ${p.stock ?? null},
                      ${JSON.stringify(p.reward)}::jsonb, 0)`.execute(db)
  // 20,000 users, 100,000 draws over the range.
  const rangeStart = new Date(`${addDays(today, -(DAYS - 1))}T00:00:00+08:00`)
  await sql`INSERT INTO users (id, phone, nickname, created_at, updated_at)
            SELECT 'bu' || g, '139' || lpad(g::text, 8, '0'), '用户' || g,
                   ${rangeStart}::timestamptz + (random() * ${sql.lit(DAYS)} * interval '1 day'),
                   ${rangeStart}::timestamptz
              FROM generate_series(1, 20000) g`.execute(db)
  await sql`INSERT INTO campaign_draws (id, campaign_id, user_id, seq, prize_id, available, created_at)
            SELECT 'bd' || g, 'bench-draw', 'bu' || (1 + g % 20000), 1 + g / 20000,
                   CASE WHEN g % 50 = 0 THEN 'cup' WHEN g % 2 = 0 THEN 'pts' ELSE 'thanks' END, '[]'::jsonb,
                   u.created_at + (random() * interval '2 days')
              FROM generate_series(0, 99999) g JOIN users u ON u.id = 'bu' || (1 + g % 20000)`.execute(db)
  await sql`UPDATE campaign_prizes p SET awarded = (SELECT count(*) FROM campaign_draws d
             WHERE d.campaign_id = p.campaign_id AND d.prize_id = p.prize_id)
             WHERE p.campaign_id = 'bench-draw'`.execute(db)
}

/**
 * One day's events, `count` of them, into its partition: kinds by share (views 20 %, impressions 55 %, clicks
 * 15 %, funnel steps 8 %, paid 0.2 %, draws 1.8 %), blocks with CTRs of their own, A/B on bench-p0.
 */
function insertDay(db: Kysely<DB>, day: string, offset: number, count: number) {
  const start = `${day}T00:00:00+08:00`
  return sql`
    INSERT INTO ${sql.table(partitionName(day))}
      (day, event_id, kind, occurred_at, received_at, visitor, session, page_id, page_version, phase,
       experiment_id, variant, block_id, source, step, product_id, campaign_id, amount_fen, won, ip_prefix)
    SELECT ${day}::date, 'e' || g, k.kind, at, at + interval '1 second', 'v' || vis, 's' || vis || '-' || ${day},
           page, 1, 'live',
           CASE WHEN page = 'bench-p0' THEN 'bench-exp' END,
           CASE WHEN page = 'bench-p0' THEN (CASE WHEN vis % 2 = 0 THEN 'A' ELSE 'B' END) END,
           CASE WHEN k.kind IN ('block_impression', 'block_click') OR k.kind = 'funnel' OR k.kind = 'order_paid'
                THEN CASE WHEN blk = 0 THEN 'hero' ELSE 'button-' || blk END END,
           (ARRAY['direct', 'share', 'share', 'push', 'sms', 'inviter', 'search'])[1 + vis % 7],
           k.step, CASE WHEN k.kind IN ('funnel', 'order_paid') THEN 'p-medical-million' END,
           CASE WHEN k.kind = 'campaign_draw' THEN 'bench-draw' END,
           CASE WHEN k.kind = 'order_paid' THEN 30000 END,
           CASE WHEN k.kind = 'campaign_draw' THEN r < 0.5 END,
           '10.0.' || (vis % 250) || '.0/24'
      FROM generate_series(${sql.lit(offset)}::bigint, ${sql.lit(offset + count - 1)}::bigint) g,
           -- g in each subquery keeps it per row (an uncorrelated one would run random() once).
           LATERAL (SELECT random() + 0 * g AS r, (random() * ${sql.lit(VISITORS - 1)} + 0 * g)::int AS vis,
                           ${sql.lit(start)}::timestamptz + random() * interval '1 day' + 0 * g * interval '1 s' AS at) x,
           LATERAL (SELECT (ARRAY[${sql.raw(PAGES.map((p) => `'${p}'`).join(', '))}])[1 + (vis * 31 + g % 3) % ${sql.lit(PAGES.length)}] AS page,
                           least(7, floor(-ln(1 - random()) * 2.5))::int AS blk) y,
           LATERAL (SELECT CASE
                     WHEN r < 0.20 THEN 'page_view'
                     WHEN r < 0.75 THEN 'block_impression'
                     WHEN r < 0.90 THEN 'block_click'
                     WHEN r < 0.98 THEN 'funnel'
                     WHEN r < 0.982 THEN 'order_paid'
                     ELSE 'campaign_draw' END AS kind,
                    CASE WHEN r >= 0.90 AND r < 0.98 THEN
                      (ARRAY['product', 'product', 'product', 'product', 'notice', 'notice', 'info', 'pay'])[1 + (g % 8)]
                    END AS step) k`.execute(db)
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

async function time(name: string, run: () => Promise<unknown>) {
  await run()
  await run()
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await run()
    ms.push(performance.now() - t0)
  }
  ms.sort((a, b) => a - b)
  return { name, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] }
}

async function main() {
  postgres = await startPostgres()
  database = await openDatabase({ databaseUrl: postgres.url })
  const { db } = database
  await migrate(db)
  const today = shanghaiDate(Date.now())
  const first = addDays(today, -(DAYS - 1))
  console.log(
    `bench:events (dashboards): PostgreSQL ${postgres.version}; ${EVENTS.toLocaleString('en')} events over ${DAYS} days (${first} … ${today}), ${VISITORS.toLocaleString('en')} visitors, ${PAGES.length} pages`,
  )
  await fixtures(db, today)
  const partitions = new Partitions(db)
  await partitions.ensureRange(first, today)

  const generating = performance.now()
  const perDay = Math.ceil(EVENTS / DAYS)
  let written = 0
  for (let d = 0; d < DAYS && written < EVENTS; d++) {
    const day = addDays(first, d)
    const dayCount = Math.min(perDay, EVENTS - written)
    for (let done = 0; done < dayCount; done += CHUNK)
      await insertDay(db, day, written + done, Math.min(CHUNK, dayCount - done))
    written += dayCount
    if ((d + 1) % 5 === 0 || d === DAYS - 1)
      console.log(`  written ${written.toLocaleString('en')} events (${seconds(generating)} s)`)
  }
  const writeS = seconds(generating)
  await sql`VACUUM ANALYZE analytics_events`.execute(db)

  const rolling = performance.now()
  const report = await runAnalyticsJob({ database: { db, kind: 'postgres' }, partitions, now: new Date() })
  const rollS = seconds(rolling)
  // As autovacuum would have by then: the planner's statistics and the visibility map of every table.
  await sql`VACUUM ANALYZE`.execute(db)
  const sizes = await sql<{ hourly: string; visitors: string }>`
    SELECT (SELECT count(*) FROM analytics_hourly)::text AS hourly,
           (SELECT count(*) FROM analytics_visitors)::text AS visitors`.execute(db)
  console.log(
    `  generated in ${writeS} s; rolled up in ${rollS} s (${report?.hours ?? 0} hours rebuilt): ` +
      `${Number(sizes.rows[0].hourly).toLocaleString('en')} hourly rows, ` +
      `${Number(sizes.rows[0].visitors).toLocaleString('en')} funnel-visitor rows`,
  )

  const dashboard = new AnalyticsDashboard(db, () => new Date())
  const all = readRange({ from: first, to: today })
  const week = readRange({ from: addDays(today, -6), to: today })
  const overview = await dashboard.overview('bench-p0', all, 'day')
  const check = await sql<{ views: string }>`
    SELECT count(*)::text AS views FROM analytics_events WHERE page_id = 'bench-p0' AND kind = 'page_view'`.execute(
    db,
  )
  if (overview.totals.views !== Number(check.rows[0].views))
    throw new Error(`views differ: dashboard ${overview.totals.views}, raw ${check.rows[0].views}`)
  console.log(
    `  bench-p0, ${DAYS} days: ${overview.totals.views.toLocaleString('en')} views (= raw events), ` +
      `${overview.totals.visitors.toLocaleString('en')} unique visitors`,
  )

  const results = []
  results.push(await time(`pages list (${DAYS} days)`, () => dashboard.pages(all)))
  results.push(await time(`overview by day (${DAYS} days)`, () => dashboard.overview('bench-p0', all, 'day')))
  results.push(await time('overview by hour (7 days)', () => dashboard.overview('bench-p0', week, 'hour')))
  results.push(
    await time(`overview by hour (${DAYS} days)`, () => dashboard.overview('bench-p0', all, 'hour')),
  )
  results.push(await time(`blocks (${DAYS} days)`, () => dashboard.blocks('bench-p0', all)))
  results.push(await time(`funnel (${DAYS} days)`, () => dashboard.funnel('bench-p0', all)))
  results.push(await time(`campaigns (${DAYS} days)`, () => dashboard.campaigns('bench-p1', all)))
  results.push(await time(`CSV export (${DAYS} days)`, () => dashboard.csv('bench-p0', all, 'day')))

  console.log(
    `\n  ${'query'.padEnd(30)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  )
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(30)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}`,
    )
  console.log(`\n  ${RUNS} runs each after 2 warm-up runs; total ${seconds(started)} s`)
  // To look into a plan: keep the database up a while (psql "$url"), the watchdog still bounding the run.
  const hold = Number(process.env.DASHBOARD_HOLD_S ?? 0)
  if (hold > 0) {
    console.log(`  holding ${postgres.url} for ${hold} s`)
    await new Promise((resolve) => setTimeout(resolve, hold * 1000))
  }
}

main()
  .then(async () => {
    clearTimeout(watchdog)
    await cleanUp()
  })
  .catch(async (error: unknown) => {
    console.error(error)
    clearTimeout(watchdog)
    await cleanUp()
    process.exit(1)
  })
