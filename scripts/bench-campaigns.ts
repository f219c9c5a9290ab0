// `npm run bench:campaigns`: lottery draws per second and their latency (p50, p99) under a spike. One real server
// on 127.0.0.1 (PGlite in a temporary DATA_DIR, or the PostgreSQL of DATABASE_URL), a bench campaign registered
// in it, USERS users logged in, then every user's draws sent at once, CONCURRENCY at a time.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../server/app'
import { registerCampaign } from '../server/modules/campaigns/registry'
import { demoLogin } from './demoLogin'

const USERS = Number(process.env.BENCH_USERS ?? 100)
const DRAWS = Number(process.env.BENCH_DRAWS_PER_USER ?? 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'mall-bench-campaigns-'))
const app = await buildApp({
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  distDir: '/nonexistent',
  trustProxy: '127.0.0.1',
  logger: false,
})
try {
  const id = `bench-${Date.now().toString(36)}`
  await registerCampaign(
    app.services.db,
    {
      id,
      file: 'page-configs/bench.json',
      campaign: {
        kind: 'lottery',
        title: '压测抽奖',
        window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
        limits: { perUserTotal: DRAWS },
        prizes: [
          {
            id: 'big',
            name: '100积分',
            weight: 1,
            stock: Math.floor((USERS * DRAWS) / 10),
            reward: { kind: 'points', amount: 100 },
          },
          { id: 'small', name: '5积分', weight: 4, reward: { kind: 'points', amount: 5 } },
          { id: 'none', name: '谢谢参与', weight: 5, reward: { kind: 'nothing' } },
        ],
      },
    },
    new Date(),
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const ip = (i: number) => `10.250.${Math.floor(i / 200)}.${i % 200}`

  const cookies: string[] = []
  for (let i = 0; i < USERS; i++) {
    const phone = `1398${String(Date.now() % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`
    cookies.push(await demoLogin(base, phone, ip(i)))
  }

  const jobs = Array.from({ length: USERS * DRAWS }, (_, i) => i % USERS)
  const latencies: number[] = []
  let failed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let user = jobs.shift(); user !== undefined; user = jobs.shift()) {
        const t = performance.now()
        const res = await fetch(`${base}/api/campaigns/${id}/draws`, {
          method: 'POST',
          headers: { cookie: cookies[user], 'x-forwarded-for': ip(user) },
        })
        await res.arrayBuffer()
        latencies.push(performance.now() - t)
        if (res.status !== 200) failed += 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  console.log(
    `${latencies.length} draws by ${USERS} users, ${CONCURRENCY} at a time on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ` +
      `${(latencies.length / seconds).toFixed(0)} draws/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ` +
      `${failed} not 200`,
  )
  if (failed) process.exitCode = 1
} finally {
  await app.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
