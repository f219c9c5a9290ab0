// `npm run bench:api`: cold start (first start with migration + seed, then a restart on the same
// DATA_DIR) and /api/products throughput with autocannon on loopback. Stops the server by its PID.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { freePort } from './freePort'

// autocannon ships no types; this is the part of its API used here.
interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  duration: number
}) => Promise<AutocannonResult>

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const URL_PATH = '/api/products?sort=sales&limit=20'

async function waitHealthy(base: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${base}/api/health`)
      if (res.ok) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

async function start(port: number, dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_MODE: 'demo', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const ms = await waitHealthy(`http://127.0.0.1:${port}`, child, started)
  return { child, ms }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve()
    child.once('exit', () => resolve())
    process.kill(child.pid, 'SIGTERM')
  })
}

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-'))
try {
  const port = await freePort()
  const first = await start(port, dataDir)
  await stop(first.child)
  const second = await start(port, dataDir)
  try {
    const url = `http://127.0.0.1:${port}${URL_PATH}`
    await fetch(url) // warm the route
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S })
    console.log(`cold start, first (migrate + seed): ${Math.round(first.ms)} ms`)
    console.log(`cold start, restart on same DATA_DIR: ${Math.round(second.ms)} ms`)
    console.log(`GET ${URL_PATH}: ${result.requests.average.toFixed(0)} req/s average, p99 ${result.latency.p99} ms, ` +
      `p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx, ${result.errors} errors ` +
      `(autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, 127.0.0.1)`)
  } finally {
    await stop(second.child)
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
