// `npm run bench:service`: 在线客服's messages through ONE server process (PGlite by default; on PostgreSQL with
// `scripts/with-postgres.sh npm run bench:service`). CONVERSATIONS customers each have a conversation an agent
// took and an open event stream; for DURATION_S seconds the agent answers all of them at once, each conversation
// one message after another (the next once the last was accepted). Prints the messages accepted per second and
// the delivery latency (accepted → on the customer's stream), p50 and p95; exits 1 on an error, a lost message
// or a p95 over 1 s. Stops the process by its PID.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEventStream, type EventStream } from '../tests/e2e/support/eventStream'
import { startServer, stopServer } from './benchServer'
import { demoLogin } from './demoLogin'
import { freePort } from './freePort'

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 20)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * p) - 1)] ?? 0

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-service-'))
const server = await startServer(await freePort(), dataDir, {
  TRUST_PROXY: '127.0.0.1',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
})
const streams: EventStream[] = []
let failed = false
try {
  const base = server.base
  const login = await fetch(`${base}/api/studio/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'agent', password: 'agent-2026' }),
  })
  const studioCookies = login.headers.getSetCookie().map((c) => c.split(';')[0])
  const csrf = studioCookies.find((c) => c.startsWith('studio_csrf='))?.split('=')[1] ?? ''
  const agent = {
    cookie: studioCookies.join('; '),
    'x-studio-csrf': csrf,
    'content-type': 'application/json',
  }

  const conversations: { id: string; stream: EventStream }[] = []
  for (let i = 0; i < CONVERSATIONS; i++) {
    const cookie = await demoLogin(base, `1396${String(i).padStart(7, '0')}`, `10.196.${i >> 8}.${i & 255}`)
    const customer = { cookie, 'content-type': 'application/json' }
    const opened = await fetch(`${base}/api/service/conversations`, {
      method: 'POST',
      headers: customer,
      body: JSON.stringify({ context: {} }),
    })
    const { id } = (await opened.json()) as { id: string }
    await fetch(`${base}/api/service/conversations/${id}/handoff`, { method: 'POST', headers: { cookie } })
    const taken = await fetch(`${base}/api/studio/desk/conversations/${id}/take`, {
      method: 'POST',
      headers: { cookie: agent.cookie, 'x-studio-csrf': csrf },
    })
    if (!taken.ok) throw new Error(`take ${taken.status} ${await taken.text()}`)
    const { conversation } = (await taken.json()) as { conversation: { lastSeq: number } }
    const stream = await openEventStream(
      `${base}/api/service/conversations/${id}/stream?after=${conversation.lastSeq}`,
      { cookie },
    )
    streams.push(stream)
    conversations.push({ id, stream })
  }

  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  let accepted = 0
  let errors = 0
  const until = performance.now() + DURATION_S * 1000
  const started = performance.now()
  await Promise.all(
    conversations.map(async ({ id, stream }, c) => {
      for (let n = 0; performance.now() < until; n++) {
        const text = `压测${c}-${n}`
        const at = performance.now()
        sentAt.set(text, at)
        const res = await fetch(`${base}/api/studio/desk/conversations/${id}/messages`, {
          method: 'POST',
          headers: agent,
          body: JSON.stringify({ clientId: `bench-${c}-${n}-${Date.now()}`, text }),
        })
        if (!res.ok) {
          errors++
          continue
        }
        await res.arrayBuffer()
        accepted++
        void stream
          .next((e) => e.event === 'message' && (e.data as { text: string }).text === text, 5000)
          .then((e) => latencies.push(e.at - at))
          .catch(() => undefined)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  // The last deliveries: give them a moment.
  await new Promise((r) => setTimeout(r, 1500))
  const lost = accepted - latencies.length
  const p95 = percentile(latencies, 0.95)
  console.log(
    `在线客服 on one process (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), ${CONVERSATIONS} conversations, ${DURATION_S} s:\n` +
      `  ${accepted} messages accepted, ${(accepted / elapsed).toFixed(1)} messages/s; errors ${errors}; not delivered ${lost}\n` +
      `  delivery latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  )
  if (errors || lost || p95 > 1000) failed = true
} finally {
  streams.forEach((s) => s.close())
  await stopServer(server.child)
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
