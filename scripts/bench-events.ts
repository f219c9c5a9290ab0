// `npm run bench:events`: the analytics ingest (docs/analytics.md#benchevents) on a throwaway PostgreSQL with 2
// server processes. EVENTS_CLIENTS clients (default 32) send batches of EVENTS_BATCH events (default 20) for
// EVENTS_DURATION_S seconds (default 20), each batch as a random one of 4,000 visitors (the `aid` cookie) from
// one of 1,000 networks (X-Forwarded-For, TRUST_PROXY), alternating between the processes. At 40 % of the run one
// process is killed with SIGKILL: a request that fails (refused, reset, 5xx) is sent again, the same batch with the
// same event ids, to the process still alive. At the end the rows in analytics_events must equal the events sent
// (0 lost, 0 duplicated); the analytics job then rolls them up once (its time is printed) and the hourly counts
// must add up to the same number. Prints events/s, the ingest request's p50/p99 (before and after the kill) and
// the retries. Exits 1 on a lost or duplicated event, a refused batch, or a count that differs. Everything is
// stopped by PID; a watchdog ends the run after 90 s.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../server/db/database'
import { Partitions } from '../server/modules/analytics/partitions'
import { runAnalyticsJob } from '../server/modules/analytics/rollup'
import type { AnalyticsBatch, AnalyticsEvent } from '../src/types/generated/api/analytics'
import { startServer, stopServer, type RunningServer } from './benchServer'
import { freePort } from './freePort'
import { startPostgres, type Postgres } from './postgres'

const CLIENTS = Number(process.env.EVENTS_CLIENTS ?? 32)
const BATCH = Number(process.env.EVENTS_BATCH ?? 20)
const DURATION_S = Number(process.env.EVENTS_DURATION_S ?? 20)
const KILL_AT = 0.4
const VISITORS = 4000
const NETWORKS = 1000
const WATCHDOG_MS = 90_000
const REQUEST_TIMEOUT_MS = 10_000
const PAGES = 10

const started = performance.now()
let postgres: Postgres | null = null
const servers: RunningServer[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-events-'))

/** Stops a server by its PID unless it is gone already (the one killed). */
function stop(server: RunningServer): Promise<void> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return stopServer(child).catch(() => undefined)
}

async function cleanUp(): Promise<void> {
  await Promise.all(servers.map(stop))
  await postgres?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const watchdog = setTimeout(() => {
  console.error(`bench:events: still running after ${WATCHDOG_MS / 1000} s, stopping`)
  void cleanUp().finally(() => process.exit(1))
}, WATCHDOG_MS)

const visitors = Array.from({ length: VISITORS }, () => randomBytes(16).toString('base64url'))
const networks = Array.from(
  { length: NETWORKS },
  (_, i) => `10.${100 + (i >> 8)}.${i & 255}.${1 + (i % 200)}`,
)
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]

/** A batch of a visitor's events on one of the bench pages: views, impressions, clicks, funnel steps. */
function makeBatch(client: number, n: number): AnalyticsBatch {
  const now = Date.now()
  const pageId = `bench-page-${(client + n) % PAGES}`
  const session = `session-${client}-${Math.floor(n / 50)}`
  const events = Array.from({ length: BATCH }, (_, i): AnalyticsEvent => {
    const base = {
      eventId: `b${client}-${n}-${i}-${randomBytes(3).toString('hex')}`,
      at: new Date(now - Math.floor(Math.random() * 60_000)).toISOString(),
      session,
    }
    const kind = i % 10
    if (kind === 0)
      return { ...base, kind: 'page_view', pageId, pageVersion: 1, phase: 'live', source: 'share' }
    if (kind <= 6)
      return { ...base, kind: 'block_impression', pageId, pageVersion: 1, blockId: `block-${kind}` }
    if (kind <= 8) return { ...base, kind: 'block_click', pageId, pageVersion: 1, blockId: `block-${kind}` }
    return {
      ...base,
      kind: 'funnel',
      step: 'product',
      productId: 'p-medical-million',
      touch: { pageId, blockId: 'block-8', at: base.at },
    }
  })
  return { events: events as AnalyticsBatch['events'], sentAt: new Date(now).toISOString() }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN

let failed = false
try {
  postgres = await startPostgres()
  const env = { DATABASE_URL: postgres.url, TRUST_PROXY: '127.0.0.1' }
  const ports = [await freePort(), await freePort()]
  servers.push(...(await Promise.all(ports.map((port) => startServer(port, dataDir, env)))))
  console.log(
    `PostgreSQL ${postgres.version}, 2 server processes up in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${CLIENTS} clients × batches of ${BATCH} events for ${DURATION_S} s, kill -9 of one process at ${KILL_AT * 100} %`,
  )

  const alive = [true, true]
  const latencies: { at: number; ms: number }[] = []
  const tally = { batches: 0, events: 0, retries: 0, refused: new Map<string, number>(), gaveUp: 0 }
  let t0 = 0
  let until = Infinity
  let killedAt = Infinity

  /** Sends one batch until a process accepts it (204), at most until 30 s after the run; false if it never was. */
  async function deliver(batch: AnalyticsBatch, first: number): Promise<boolean> {
    const body = JSON.stringify(batch)
    const headers = {
      'content-type': 'application/json',
      cookie: `aid=${pick(visitors)}`,
      'x-forwarded-for': pick(networks),
    }
    for (let attempt = 0, target = first; performance.now() < until + 30_000; attempt++) {
      if (!alive[target]) target = 1 - target
      const start = performance.now()
      try {
        const res = await fetch(`${servers[target].base}/api/analytics/events`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        const answer = await res.arrayBuffer()
        if (res.status === 204) {
          latencies.push({ at: start, ms: performance.now() - start })
          return true
        }
        if (res.status < 500) {
          const key = `HTTP ${res.status} ${new TextDecoder().decode(answer).slice(0, 120)}`
          tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1)
          return false
        }
      } catch {
        // Refused or reset (the killed process): the same batch goes to the other one.
      }
      tally.retries += 1
      target = 1 - target
      if (attempt > 3) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    tally.gaveUp += 1
    return false
  }

  // Warm-up, not timed: each process's connections, compiled validators and JIT, today's partition.
  const WARM_UP = 4
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; n < WARM_UP; n++) {
        const batch = makeBatch(client, -1 - n)
        if (await deliver(batch, (client + n) % 2)) tally.events += batch.events.length
      }
    }),
  )
  const warmEvents = tally.events
  latencies.length = 0
  t0 = performance.now()
  until = t0 + DURATION_S * 1000

  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT * DURATION_S * 1000))
    const victim = servers[1].child
    alive[1] = false
    killedAt = performance.now()
    const gone = new Promise((resolve) => victim.once('exit', resolve))
    if (victim.pid) process.kill(victim.pid, 'SIGKILL')
    await gone
  })()

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const batch = makeBatch(client, n)
        if (await deliver(batch, (client + n) % 2)) {
          tally.batches += 1
          tally.events += batch.events.length
        }
      }
    }),
  )
  await killer
  const seconds = (performance.now() - t0) / 1000

  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 })
  // Its idle client hears PostgreSQL stop at the end: not an error of the run.
  pool.on('error', () => undefined)
  const count = async (text: string) => Number((await pool.query<{ n: string }>(text)).rows[0].n)
  const stored = await count('SELECT count(*) AS n FROM analytics_events')
  const distinct = await count('SELECT count(DISTINCT event_id) AS n FROM analytics_events')

  // The analytics job over everything at once (the sweep does it every minute, a minute's events at a time),
  // once the server still running is stopped (its own sweep would otherwise hold the job's lock).
  await Promise.all(servers.map(stop))
  const database = await openDatabase({ databaseUrl: postgres.url })
  const rollupStart = performance.now()
  const report = await runAnalyticsJob({
    database,
    partitions: new Partitions(database.db),
    now: new Date(),
  })
  const rollupMs = performance.now() - rollupStart
  await database.close()
  const hourly = await count('SELECT coalesce(sum(events), 0) AS n FROM analytics_hourly')
  await pool.end()

  const before = latencies.filter((l) => l.at < killedAt).map((l) => l.ms)
  const after = latencies.filter((l) => l.at >= killedAt).map((l) => l.ms)
  const all = latencies.map((l) => l.ms).sort((a, b) => a - b)
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return `  ${name.padEnd(26)} ${String(sorted.length).padStart(7)} requests   p50 ${quantile(sorted, 0.5).toFixed(1).padStart(6)} ms   p99 ${quantile(sorted, 0.99).toFixed(1).padStart(6)} ms`
  }
  const lost = tally.events - stored
  console.log(
    [
      `accepted ${tally.events - warmEvents} events in ${tally.batches} batches over ${seconds.toFixed(1)} s ` +
        `(after ${warmEvents} to warm up): ${Math.round((tally.events - warmEvents) / seconds)} events/s ` +
        `(${Math.round(tally.batches / seconds)} batches/s)`,
      line('ingest, all', all),
      line('  2 processes (before kill)', before),
      line('  1 process (after kill)', after),
      `  retried after the kill: ${tally.retries} sends; refused: ${[...tally.refused].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'}; gave up: ${tally.gaveUp}`,
      `rows in analytics_events: ${stored} (distinct ids ${distinct}); lost ${Math.max(0, lost)}, duplicated ${Math.max(0, -lost)}`,
      `analytics job over all of them: ${rollupMs.toFixed(0)} ms (${report?.hours ?? 0} hours rebuilt, ` +
        `${report?.visitors ?? 0} funnel visitors); hourly events sum ${hourly}`,
      `total ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ].join('\n'),
  )
  if (lost !== 0 || distinct !== stored || tally.refused.size || tally.gaveUp || hourly !== stored)
    failed = true
} catch (error) {
  console.error(error)
  failed = true
} finally {
  clearTimeout(watchdog)
  await cleanUp()
}
process.exit(failed ? 1 : 0)
