// Part 2 of `npm run bench:launch` (LAUNCH_PARTS=cluster runs it alone): a launch on PostgreSQL with 2 server
// processes behind haproxy, as docs/deploy.md deploys them. LAUNCH_USERS users (default 2,400: 40 a second, well
// under this 2-core machine's ceiling) arrive evenly over LAUNCH_WINDOW_S seconds (default 60), each with its own
// phone and address (X-Forwarded-For, TRUST_PROXY), and open a page published in the studio (its HTML, then its
// JSON), log in by SMS code and draw once in its lottery. Prints per step the count, errors, req/s, p50 and p99;
// the most database connections seen (sampled every 500 ms); the CPU each part used; and whether the draws counted
// in the database equal the draws answered 200, one a user. Returns false on any error or a count that differs.
// Stops haproxy, the servers and PostgreSQL by PID.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from '@playwright/test'
import pg from 'pg'
import { startServer, stopServer, type RunningServer } from './benchServer'
import { demoLogin } from './demoLogin'
import { freePort } from './freePort'
import { startPostgres, type Postgres } from './postgres'
import { haproxyInstalled, startProxy, type Proxy } from './proxy'
import { logInAsPublisher, publishPage, samplePageConfig, shanghaiIso } from './studioPublish'

const USERS = Number(process.env.LAUNCH_USERS ?? 2400)
const WINDOW_S = Number(process.env.LAUNCH_WINDOW_S ?? 60)
const PROCESSES = 2
const PAGE_ID = 'launch-draw'
const CAMPAIGN_ID = 'launch-draw-lottery'
/** server/db/database.ts: each process's pg.Pool. */
const POOL_PER_PROCESS = 10
const REQUEST_TIMEOUT_MS = 30_000
const APT = 'apt-get install -y postgresql haproxy'

/** Publishes page `id` through the studio API on `base`, its config made around the server's clock. */
export async function publishThroughStudio(
  base: string,
  id: string,
  config: (epochMs: number) => Record<string, unknown>,
): Promise<void> {
  const api = await request.newContext({ baseURL: base })
  try {
    const { epochMs } = (await (await api.get('/api/time')).json()) as { epochMs: number }
    await publishPage(await logInAsPublisher(api), id, config(epochMs))
  } finally {
    await api.dispose()
  }
}

/** The sample page with a lottery any user may draw once in, always answered 200 (谢谢参与 has no stock). */
function lotteryPage(epochMs: number): Record<string, unknown> {
  const page = samplePageConfig('开门红 抽奖', epochMs)
  const blocks = page.blocks as Record<string, unknown>[]
  return {
    ...page,
    campaigns: {
      [CAMPAIGN_ID]: {
        kind: 'lottery',
        title: '开门红抽奖',
        // Within the page's live phase (samplePageConfig: from an hour ago for 30 days).
        window: { startAt: shanghaiIso(epochMs - 3_600_000), endAt: shanghaiIso(epochMs + 86_400_000) },
        limits: { perUserTotal: 1 },
        prizes: [
          { id: 'points', name: '5积分', weight: 1, stock: USERS, reward: { kind: 'points', amount: 5 } },
          { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
        ],
      },
    },
    blocks: [...blocks, { type: 'lottery', campaign: CAMPAIGN_ID }],
  }
}

interface Step {
  name: string
  /** HTTP requests the step sends (a login is three). */
  requests: number
  latencies: number[]
  errors: Map<string, number>
  first: number
  last: number
}

const step = (name: string, requests = 1): Step => ({
  name,
  requests,
  latencies: [],
  errors: new Map(),
  first: Infinity,
  last: 0,
})

/** Runs `work` as one timing of `s`; any throw is an error of `s` (counted by message). */
async function timed<T>(s: Step, work: () => Promise<T>): Promise<T | null> {
  const start = performance.now()
  s.first = Math.min(s.first, start)
  try {
    const value = await work()
    s.latencies.push(performance.now() - start)
    return value
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 80)
    s.errors.set(message, (s.errors.get(message) ?? 0) + 1)
    return null
  } finally {
    s.last = Math.max(s.last, performance.now())
  }
}

async function expect2xx(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} HTTP ${res.status}: ${(await res.text()).slice(0, 60)}`)
  return res
}

/** Waits until `url` answers 2xx (at most 10 s). */
async function visible(url: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const res = await fetch(url)
    await res.arrayBuffer()
    if (res.ok) return
    if (Date.now() > deadline) throw new Error(`${url}: HTTP ${res.status} after publishing`)
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN
}

/** Jiffies of CPU (user + system) of `root` and its descendants, reaped ones included (Linux /proc). */
function treeJiffies(root: number): number {
  const procs = new Map<number, { ppid: number; jiffies: number }>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // Fields after "(comm)": state ppid … utime(11) stime(12) cutime(13) cstime(14).
      const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')
      const jiffies = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])
      procs.set(Number(name), { ppid: Number(f[1]), jiffies })
    } catch {
      // exited meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) if (p === root) return true
    return false
  }
  return [...procs].reduce((sum, [pid, p]) => sum + (inTree(pid) ? p.jiffies : 0), 0)
}

/** The machine's busy and total jiffies so far (/proc/stat: idle and iowait are not busy). */
function machineJiffies(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const n = fields.slice(0, 8).map(Number)
  const total = n.reduce((a, b) => a + b, 0)
  return { busy: total - n[3] - n[4], total }
}

/** Every 500 ms: the most connections to the database `app` (besides the sampler's) and the busiest CPU share. */
function startSampler(pool: pg.Pool) {
  const connections = async () =>
    (
      await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'app' AND pid <> pg_backend_pid()",
      )
    ).rows[0].n
  const seen = { connections: 0, peakBusy: 0 }
  let previous = machineJiffies()
  const timer = setInterval(() => {
    const now = machineJiffies()
    seen.peakBusy = Math.max(seen.peakBusy, (now.busy - previous.busy) / (now.total - previous.total || 1))
    previous = now
    connections().then(
      (n) => (seen.connections = Math.max(seen.connections, n)),
      () => undefined,
    )
  }, 500)
  return {
    async stop() {
      clearInterval(timer)
      seen.connections = Math.max(seen.connections, await connections())
      return seen
    },
    cancel: () => clearInterval(timer),
  }
}

/** CPU seconds each process tree (server processes, PostgreSQL, haproxy) and this process used from now on. */
function startCpuMeter(roles: [string, number][]) {
  const before = roles.map(([, pid]) => treeJiffies(pid))
  const self = process.cpuUsage()
  const machine = machineJiffies()
  return () => {
    const now = machineJiffies()
    const mine = process.cpuUsage(self)
    return {
      busy: (now.busy - machine.busy) / (now.total - machine.total),
      // USER_HZ is 100 on Linux.
      seconds: [
        ...roles.map(([role, pid], i): [string, number] => [role, (treeJiffies(pid) - before[i]) / 100]),
        ['load generator', (mine.user + mine.system) / 1e6] as [string, number],
      ],
    }
  }
}

/** USERS visits through `base`, arriving evenly over WINDOW_S: the steps' timings and the draws answered 200. */
async function simulate(base: string) {
  const steps = {
    page: step('page HTML'),
    json: step('page JSON'),
    login: step('log in (3 requests)', 3),
    draw: step('draw'),
    visit: step('whole visit', 6),
  }
  const tally = { drawsMade: 0, inFlight: 0, maxInFlight: 0 }
  const visit = async (i: number) => {
    // Rate limits count per address and per phone: each user has its own.
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
    const phone = `1380${String(i).padStart(7, '0')}`
    const send = async (path: string, what: string, method = 'GET', headers: Record<string, string> = {}) => {
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
      const init = { method, headers: { 'x-forwarded-for': ip, ...headers }, signal }
      return expect2xx(await fetch(`${base}${path}`, init), what)
    }
    const must = <T>(value: T | null, what: string): T => {
      if (value === null) throw new Error(what)
      return value
    }
    tally.maxInFlight = Math.max(tally.maxInFlight, ++tally.inFlight)
    await timed(steps.visit, async () => {
      must(await timed(steps.page, async () => (await send(`/activity/${PAGE_ID}`, 'page')).text()), 'page')
      must(await timed(steps.json, async () => (await send(`/api/pages/${PAGE_ID}`, 'JSON')).json()), 'JSON')
      const cookie = must(await timed(steps.login, () => demoLogin(base, phone, ip)), 'login')
      const draw = () => send(`/api/campaigns/${CAMPAIGN_ID}/draws`, 'draw', 'POST', { cookie })
      must(await timed(steps.draw, async () => (await draw()).json()), 'draw')
      tally.drawsMade += 1
    })
    tally.inFlight -= 1
  }
  const visits: Promise<void>[] = []
  const t0 = performance.now()
  for (let i = 0; i < USERS; i++) {
    const wait = t0 + (i * WINDOW_S * 1000) / USERS - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    visits.push(visit(i))
  }
  await Promise.all(visits)
  return { steps, ...tally, seconds: (performance.now() - t0) / 1000 }
}

/** Prints the steps' table; the number of failed requests. */
function printSteps(steps: Record<string, Step>, seconds: number): number {
  const row = (name: string, count: number, errors: number, rate: number, p50 = '', p99 = '') =>
    console.log(
      `${name.padEnd(22)} ${String(count).padStart(6)} ${String(errors).padStart(7)} ${rate.toFixed(1).padStart(7)} ` +
        `${p50.padStart(8)} ${p99.padStart(8)}`,
    )
  console.log(
    `${'step'.padEnd(22)} ${'count'.padStart(6)} ${'errors'.padStart(7)} ${'req/s'.padStart(7)} ` +
      `${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  )
  let errors = 0
  let requests = 0
  for (const [key, s] of Object.entries(steps)) {
    const sorted = [...s.latencies].sort((a, b) => a - b)
    const failed = [...s.errors.values()].reduce((a, b) => a + b, 0)
    const answered = s.latencies.length * s.requests
    // A whole visit's failure is already one of its step's.
    if (key !== 'visit') {
      errors += failed
      requests += answered
    }
    const [p50, p99] = [0.5, 0.99].map((q) => quantile(sorted, q).toFixed(1))
    row(s.name, s.latencies.length + failed, failed, answered / ((s.last - s.first) / 1000), p50, p99)
    for (const [message, n] of s.errors) console.log(`    ${n} × ${message}`)
  }
  row('all requests', requests, errors, requests / seconds)
  return errors
}

/** The cluster's launch; false when anything failed (an error, a draw counted differently). */
export async function runClusterLaunch(): Promise<boolean> {
  if (!haproxyInstalled()) {
    console.error(`part 2 (cluster) needs haproxy and PostgreSQL: ${APT}`)
    return false
  }
  let postgres: Postgres
  try {
    postgres = await startPostgres()
  } catch (error) {
    console.error(`part 2 (cluster) needs PostgreSQL and haproxy (${APT}): ${String(error)}`)
    return false
  }
  const mediaDir = mkdtempSync(join(tmpdir(), 'mall-bench-cluster-'))
  const servers: RunningServer[] = []
  let proxy: Proxy | null = null
  const pool = new pg.Pool({ connectionString: postgres.url, max: 1 })
  pool.on('error', () => undefined)
  let sampler: ReturnType<typeof startSampler> | null = null
  try {
    // DATA_DIR holds only uploaded media here, shared; one after the other, so the first migrates and seeds alone.
    const env = { DATABASE_URL: postgres.url, TRUST_PROXY: '127.0.0.1' }
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(await freePort(), mediaDir, env))
    proxy = await startProxy(servers.map((s) => s.base))
    await publishThroughStudio(proxy.base, PAGE_ID, lotteryPage)
    // Each process sees a publish within a moment (it reads content_version every 500 ms): wait for both.
    for (const server of servers) await visible(`${server.base}/activity/${PAGE_ID}`)
    const maxConnections = (await pool.query<{ max_connections: string }>('SHOW max_connections')).rows[0]
      .max_connections

    // Transactions committed (a statement outside a transaction is one): the database work a visit costs.
    const commits = async () =>
      (
        await pool.query<{ n: number }>(
          "SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = 'app'",
        )
      ).rows[0].n
    const commitsBefore = await commits()
    sampler = startSampler(pool)
    const cpu = startCpuMeter([
      ...servers.map((s, i): [string, number] => [`server ${i + 1}`, s.child.pid ?? 0]),
      ['PostgreSQL', postgres.pid],
      ['haproxy', proxy.child.pid ?? 0],
    ])
    const run = await simulate(proxy.base)
    const used = cpu()
    const seen = await sampler.stop()
    // Backends report their counts when idle, within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const visitCommits = (await commits()) - commitsBefore
    const counted = (
      await pool.query<{ draws: number; users: number }>(
        'SELECT count(*)::int AS draws, count(DISTINCT user_id)::int AS users FROM campaign_draws ' +
          'WHERE campaign_id = $1',
        [CAMPAIGN_ID],
      )
    ).rows[0]

    console.log(
      `\nlaunch on PostgreSQL ${postgres.version}, ${PROCESSES} processes behind haproxy: ${USERS} users ` +
        `arriving over ${WINDOW_S} s (${(USERS / WINDOW_S).toFixed(1)}/s), done in ${run.seconds.toFixed(1)} s`,
    )
    const errors = printSteps(run.steps, run.seconds)
    const countedOk = counted.draws === run.drawsMade && counted.users === run.drawsMade
    console.log(
      `draws made (answered 200) ${run.drawsMade}, rows in campaign_draws ${counted.draws} by ${counted.users} ` +
        `users: ${countedOk ? 'counted = made, one a user' : 'MISMATCH'}`,
    )
    console.log(
      `database connections: at most ${seen.connections} (pool ${POOL_PER_PROCESS} per process × ${PROCESSES}; ` +
        `max_connections ${maxConnections}); ${(visitCommits / USERS).toFixed(1)} commits a visit; ` +
        `users mid-visit at once: at most ${run.maxInFlight}`,
    )
    // What else ran on the machine meanwhile (another benchmark, a test run) shows as busy but not ours.
    const ours = used.seconds.reduce((sum, [, s]) => sum + s, 0) / (run.seconds * availableParallelism())
    const percent = (share: number) => `${(100 * Math.max(0, share)).toFixed(0)} %`
    console.log(
      `CPU of ${availableParallelism()} cores: machine ${percent(used.busy)} busy (this launch ${percent(ours)}, ` +
        `anything else ${percent(used.busy - ours)}), ` +
        `peak ${percent(seen.peakBusy)} over 500 ms; CPU seconds: ` +
        used.seconds.map(([role, s]) => `${role} ${s.toFixed(1)}`).join(', '),
    )
    return errors === 0 && countedOk
  } finally {
    sampler?.cancel()
    await pool.end().catch(() => undefined)
    await proxy?.stop()
    await Promise.all(servers.map((s) => stopServer(s.child)))
    await postgres.stop()
    rmSync(mediaDir, { recursive: true, force: true })
  }
}
