// `npm run bench:launch` (builds): a campaign launch's traffic, in two parts (LAUNCH_PARTS, default
// "single,cluster,threads"). Part 1, "single": one server process (built app + API, demo mode, PGlite, its own DATA_DIR):
// autocannon with CONNECTIONS connections for DURATION_S seconds per route, as visitors who are not logged in,
// against a static file served by the same process in the same run. Budgets (issue: fast at campaign-launch
// traffic): every HTML route ≥ 0.3× the static file's req/s, a published page's JSON ≥ 0.5×, no errors and no
// non-2xx answers. Part 2, "cluster": users who open a page, log in and draw, on PostgreSQL with two processes
// behind haproxy (bench-launch-cluster.ts). Part 3, "threads": see runRenderThreads. Prints tables; exits 1 over budget or on any error. Stops every
// process by its PID.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { autocannon, type AutocannonResult } from './autocannon'
import { publishThroughStudio, runClusterLaunch } from './bench-launch-cluster'
import { startServer, stopServer } from './benchServer'
import { demoLogin } from './demoLogin'
import { freePort } from './freePort'
import { samplePageConfig } from './studioPublish'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const PUBLISHED_ID = 'launch-bench'
const BUDGET = { html: 0.3, json: 0.5 }
const PARTS = (process.env.LAUNCH_PARTS ?? 'single,cluster,threads').split(',').map((part) => part.trim())

type Kind = keyof typeof BUDGET | 'static'
/** `loggedIn`: as a visitor with a session (one demo login), who gets the page kept for everyone. */
const ROUTES: { path: string; kind: Kind; loggedIn?: boolean }[] = [
  { path: '/icon.svg', kind: 'static' },
  { path: '/', kind: 'html' },
  { path: '/', kind: 'html', loggedIn: true },
  { path: '/product?id=p-medical-million', kind: 'html' },
  { path: '/shopping', kind: 'html' },
  { path: '/springFestival', kind: 'html' },
  { path: '/activity/worldcup', kind: 'html' },
  { path: `/activity/${PUBLISHED_ID}`, kind: 'html' },
  { path: `/activity/${PUBLISHED_ID}`, kind: 'html', loggedIn: true },
  { path: `/api/pages/${PUBLISHED_ID}`, kind: 'json' },
]

/** Part 1: one process on PGlite, each route against the static file; false over budget. */
async function runSingleProcess(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-launch-'))
  const server = await startServer(await freePort(), dataDir)
  const results: { path: string; kind: Kind; result: AutocannonResult }[] = []
  try {
    const session = { cookie: await demoLogin(server.base, '13799990001') }
    // A page published through the studio, as operations staff launch one.
    await publishThroughStudio(server.base, PUBLISHED_ID, (epochMs) =>
      samplePageConfig('双十二开抢', epochMs),
    )
    // The process warmed up first (JIT), so the static file's rate, measured first, is not a cold one.
    await autocannon({ url: `${server.base}${ROUTES[0].path}`, connections: CONNECTIONS, duration: 2 })
    for (const { path, kind, loggedIn } of ROUTES) {
      const url = `${server.base}${path}`
      const headers = loggedIn ? session : undefined
      const first = await fetch(url, { headers })
      if (!first.ok) throw new Error(`${path}: HTTP ${first.status}`)
      results.push({
        path: loggedIn ? `${path} (logged in)` : path,
        kind,
        result: await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }),
      })
    }
  } finally {
    await stopServer(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }

  const staticRate = results.find((r) => r.kind === 'static')?.result.requests.average ?? NaN
  console.log(
    `${`route (${CONNECTIONS} connections, ${DURATION_S} s each, one process)`.padEnd(52)} ${'req/s'.padStart(7)} ` +
      `${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'errors'.padStart(7)} ${'ratio'.padStart(6)}  budget`,
  )
  let over = false
  for (const { path, kind, result } of results) {
    const ratio = result.requests.average / staticRate
    const failed = result.errors + result.timeouts + result.non2xx
    const budget = kind === 'static' ? null : BUDGET[kind]
    const bad = failed > 0 || (budget !== null && !(ratio >= budget))
    over ||= bad
    console.log(
      `${path.padEnd(52)} ${result.requests.average.toFixed(0).padStart(7)} ${`${result.latency.p50}`.padStart(6)} ` +
        `${`${result.latency.p99}`.padStart(6)} ${`${failed}`.padStart(7)} ${ratio.toFixed(3).padStart(6)}  ` +
        (budget === null ? '-' : `≥ ${budget} ${bad ? 'OVER' : 'ok'}`),
    )
  }
  return !over
}

/**
 * Part 3, "threads": logged-in visitors on a screen rendered for each of them (/user, CONNECTIONS connections)
 * while others fetch a static file (2 connections), with screens rendered on the server's thread (SSR_THREADS=0)
 * and on a render thread (1). Reports both rates and the static file's latency under the renders; budget: with a
 * render thread, the static file is still answered, p99 ≤ STATIC_P99_UNDER_RENDERS_MS, and nothing fails.
 */
const STATIC_P99_UNDER_RENDERS_MS = 50

async function runRenderThreads(): Promise<boolean> {
  const rows: { threads: string; render: AutocannonResult; asset: AutocannonResult }[] = []
  for (const threads of ['0', '1']) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-threads-'))
    const server = await startServer(await freePort(), dataDir, { SSR_THREADS: threads })
    try {
      const headers = { cookie: await demoLogin(server.base, '13799990002') }
      const url = `${server.base}/user`
      if (!(await fetch(url, { headers })).ok) throw new Error('/user: not answered')
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
      const [render, asset] = await Promise.all([
        autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }),
        autocannon({ url: `${server.base}/icon.svg`, connections: 2, duration: DURATION_S }),
      ])
      rows.push({ threads, render, asset })
    } finally {
      await stopServer(server.child)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  console.log(
    `\n${'SSR_THREADS'.padEnd(12)} ${'/user req/s'.padStart(12)} ${'p99'.padStart(6)} ` +
      `${'static req/s'.padStart(13)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} ${'errors'.padStart(7)}`,
  )
  let failed = 0
  for (const { threads, render, asset } of rows) {
    const errors = [render, asset].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0)
    failed += errors
    console.log(
      `${threads.padEnd(12)} ${render.requests.average.toFixed(0).padStart(12)} ${`${render.latency.p99}`.padStart(6)} ` +
        `${asset.requests.average.toFixed(0).padStart(13)} ${answered(asset, 'p50').padStart(5)} ` +
        `${answered(asset, 'p99').padStart(5)} ${`${errors}`.padStart(7)}`,
    )
  }
  const threaded = rows[1].asset
  const ok =
    failed === 0 && threaded.requests.total > 0 && threaded.latency.p99 <= STATIC_P99_UNDER_RENDERS_MS
  console.log(
    `static file under renders, with a render thread: p99 ${answered(threaded, 'p99')} ms ` +
      `(≤ ${STATIC_P99_UNDER_RENDERS_MS} ms: ${ok ? 'ok' : 'OVER'})`,
  )
  return ok
}

/** A latency percentile, or "-" when not one request was answered (a thread held by renders). */
function answered(result: AutocannonResult, percentile: 'p50' | 'p99'): string {
  return result.requests.total > 0 ? `${result.latency[percentile]}` : '-'
}

const KNOWN_PARTS = ['single', 'cluster', 'threads']
const unknown = PARTS.filter((part) => !KNOWN_PARTS.includes(part))
if (unknown.length) throw new Error(`LAUNCH_PARTS: unknown ${unknown.join(', ')} (${KNOWN_PARTS.join(', ')})`)
let ok = true
if (PARTS.includes('single')) ok = (await runSingleProcess()) && ok
if (PARTS.includes('cluster')) ok = (await runClusterLaunch()) && ok
if (PARTS.includes('threads')) ok = (await runRenderThreads()) && ok
process.exitCode = ok ? 0 : 1
