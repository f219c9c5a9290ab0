// `npm run bench:api`: cold start (first start with migration + seed, then a restart on the same
// DATA_DIR) and /api/products throughput with autocannon on loopback. Stops the server by its PID.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { autocannon } from './autocannon'
import { startServer, stopServer } from './benchServer'
import { freePort } from './freePort'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const URL_PATH = '/api/products?sort=sales&limit=20'

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-'))
try {
  const port = await freePort()
  const first = await startServer(port, dataDir)
  await stopServer(first.child)
  const second = await startServer(port, dataDir)
  try {
    const url = `http://127.0.0.1:${port}${URL_PATH}`
    await fetch(url) // warm the route
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S })
    console.log(`cold start, first (migrate + seed): ${Math.round(first.startMs)} ms`)
    console.log(`cold start, restart on same DATA_DIR: ${Math.round(second.startMs)} ms`)
    console.log(
      `GET ${URL_PATH}: ${result.requests.average.toFixed(0)} req/s average, p99 ${result.latency.p99} ms, ` +
        `p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx, ${result.errors} errors ` +
        `(autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, 127.0.0.1)`,
    )
  } finally {
    await stopServer(second.child)
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
