// `npm run bench:lighthouse [route…]`: Lighthouse 12 performance scores of the production build (mobile preset,
// simulated throttling), the median of 3 runs per route, in Debian's Chromium. Default routes: `/`, a product,
// `/shopping` and every config page of the build. Starts the real server on a free port with a temp DATA_DIR
// (DIST_DIR picks another build) and stops it and Chromium by PID. Exits 1 when any run of a route scores under
// 95 (the bar: every run, not only the median).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import lighthouse from 'lighthouse'
import { startServer, stopServer } from './benchServer'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
import { freePort } from './freePort'

const RUNS = 3
const TARGET = 95
const distDir = resolve(process.env.DIST_DIR ?? 'dist')
const configPages = (
  JSON.parse(readFileSync(join(distDir, 'config-pages.json'), 'utf8')) as { routes: string[] }
).routes
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/product?id=p-medical-million', '/shopping', ...configPages]

interface Run {
  score: number
  fcp: number
  lcp: number
  tbt: number
  requests: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Debian's Chromium with a DevTools port for Lighthouse; resolves once the port answers. */
async function launchChromium(userDataDir: string) {
  const port = await freePort()
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: 'ignore' },
  )
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { child, port }
    } catch {
      if (i > 400) throw new Error('chromium did not open its DevTools port')
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function measure(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    requests: requests?.length ?? 0,
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-lighthouse-'))
const profileDir = mkdtempSync(join(tmpdir(), 'mall-bench-lighthouse-chromium-'))
const server = await startServer(await freePort(), dataDir)
const chromium = await launchChromium(profileDir)
const rows: { route: string; runs: Run[] }[] = []
try {
  for (const route of routes) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measure(server.base + route, chromium.port))
    rows.push({ route, runs })
    const m = (key: keyof Run) => median(runs.map((r) => r[key]))
    console.log(
      `${route.padEnd(40)} score ${String(m('score')).padStart(3)} [${runs.map((r) => r.score).join(', ')}]` +
        `  FCP ${(m('fcp') / 1000).toFixed(1)} s  LCP ${(m('lcp') / 1000).toFixed(1)} s` +
        `  TBT ${Math.round(m('tbt'))} ms  ${m('requests')} requests`,
    )
  }
} finally {
  chromium.child.kill('SIGTERM')
  await stopServer(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
const below = rows.filter((r) => Math.min(...r.runs.map((x) => x.score)) < TARGET)
console.log(
  `bench:lighthouse: ${RUNS} runs each, mobile preset, simulated throttling; ${rows.length - below.length}/${rows.length} routes ≥ ${TARGET} in every run` +
    (below.length ? `; below: ${below.map((r) => r.route).join(', ')}` : ''),
)
process.exitCode = below.length ? 1 : 0
