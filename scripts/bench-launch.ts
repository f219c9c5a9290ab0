// `npm run bench:launch` (builds): a campaign launch's traffic, in two parts (LAUNCH_PARTS, default
// "single,cluster"). Part 1, "single": one server process (built app + API, demo mode, PGlite, its own DATA_DIR):
// autocannon with CONNECTIONS connections for DURATION_S seconds per route, as visitors who are not logged in,
// against a static file served by the same process in the same run. Budgets (issue: fast at campaign-launch
// traffic): every HTML route ≥ 0.3× the static file's req/s, a published page's JSON ≥ 0.5×, no errors and no
// non-2xx answers. Part 2, "cluster": users who open a page, log in and draw, on PostgreSQL with two processes
// behind haproxy (bench-launch-cluster.ts). Prints tables; exits 1 over budget or on any error. Stops every
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
const PARTS = (process.env.LAUNCH_PARTS ?? 'single,cluster').split(',').map((part) => part.trim())

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

const unknown = PARTS.filter((part) => part !== 'single' && part !== 'cluster')
if (unknown.length) throw new Error(`LAUNCH_PARTS: unknown ${unknown.join(', ')} (single, cluster)`)
let ok = true
if (PARTS.includes('single')) ok = (await runSingleProcess()) && ok
if (PARTS.includes('cluster')) ok = (await runClusterLaunch()) && ok
process.exitCode = ok ? 0 : 1
