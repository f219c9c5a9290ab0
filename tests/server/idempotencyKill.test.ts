import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DrawResult } from '../../src/types/generated/api/campaign'
import { buildApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/database'
import { registerCampaign, type DeclaredCampaign } from '../../server/modules/campaigns/registry'
import { ABANDONED_MS } from '../../server/platform/idempotency'
import { createTestDatabase, type TestDatabase } from './helpers'
import { exited, startServerProcess, stopServerProcess, type ServerProcess } from './serverProcess'
import { demoLogin } from '../../scripts/demoLogin'

// A real crash in the Idempotency-Key window: a server process takes many keyed draws at once and is killed
// with SIGKILL mid-burst; a new process starts on the same database with its clock past the abandon window, and
// every key is sent again. Each key must end with exactly one draw, named by its answer: a draw that committed
// replays its answer, one that did not runs now. On PostgreSQL (DATABASE_URL, CI) and on a PGlite DATA_DIR.

const KEYS = 60
const IN_FLIGHT = 20
/** The kill comes once this many answers have arrived: the burst is well under way, many draws still in flight. */
const KILL_AFTER = 15
const START_MS = 90_000

const lottery: DeclaredCampaign = {
  id: 'kill-draw',
  file: 'page-configs/kill-draw.json',
  campaign: {
    kind: 'lottery',
    title: '抽奖',
    window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
    limits: { perUserTotal: 1000 },
    prizes: [{ id: 'pts', name: '5积分', weight: 1, reward: { kind: 'points', amount: 5 } }],
  },
}

let database: TestDatabase | null = null
let dataDir: string | null = null
let env: Record<string, string> = {}
const servers: ServerProcess[] = []

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase({ seeded: true })
    env = { DATABASE_URL: database.url as string }
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'mall-idempotency-kill-'))
  }
  // The campaign is registered before any server process holds the database (a PGlite folder has one owner).
  const app = await buildApp({
    ...(database ? { database: database.database } : { dataDir: dataDir as string }),
    distDir: '/nonexistent',
  })
  try {
    await registerCampaign(app.services.db, lottery, new Date())
  } finally {
    await app.close()
  }
}, START_MS)

afterAll(async () => {
  await Promise.all(servers.map(stopServerProcess))
  if (database) await database.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const start = async (extra: Record<string, string> = {}) => {
  const server = await startServerProcess(dataDir, { ...env, ...extra }, undefined, START_MS)
  servers.push(server)
  return server
}

interface Answer {
  status: number
  body: string
}

const draw = async (base: string, cookie: string, key: string): Promise<Answer> => {
  const res = await fetch(`${base}/api/campaigns/${lottery.id}/draws`, {
    method: 'POST',
    headers: { cookie, 'idempotency-key': key },
  })
  return { status: res.status, body: await res.text() }
}

describe('an Idempotency-Key across a kill -9', () => {
  it('never draws twice for one key when the process dies mid-burst and every key is sent again', async () => {
    const first = await start()
    const cookie = await demoLogin(first.base, '13655550001')
    const keys = Array.from({ length: KEYS }, (_, i) => `kill-draw-${String(i).padStart(4, '0')}`)

    // The burst: IN_FLIGHT draws at a time; SIGKILL as soon as KILL_AFTER answers have arrived.
    const answered = new Map<string, Answer>()
    let next = 0
    const worker = async () => {
      while (next < keys.length && first.child.exitCode === null && first.child.signalCode === null) {
        const key = keys[next++]
        try {
          const answer = await draw(first.base, cookie, key)
          answered.set(key, answer)
          if (answered.size === KILL_AFTER) first.child.kill('SIGKILL')
        } catch {
          // the connection died with the process
        }
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    await exited(first.child)
    expect(first.child.signalCode).toBe('SIGKILL')
    expect([...answered.values()].every((a) => a.status === 200)).toBe(true)

    // A new process, its clock past the abandon window of every key the dead one claimed.
    const later = new Date(Date.now() + ABANDONED_MS + 60_000).toISOString()
    const second = await start({ TEST_CLOCK: 'on', TEST_CLOCK_START: later })
    const again = new Map<string, Answer>()
    next = 0
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < keys.length) {
          const key = keys[next++]
          again.set(key, await draw(second.base, cookie, key))
        }
      }),
    )
    expect([...again.values()].map((a) => a.status)).toEqual(keys.map(() => 200))
    // What the dead process answered is what the key answers now.
    for (const [key, answer] of answered) expect(again.get(key)).toEqual(answer)

    // Rows per key: each key's answer names its draw, and there is no other draw.
    const named = keys.map((key) => (JSON.parse(again.get(key)?.body ?? '{}') as DrawResult).draw.id)
    await stopServerProcess(second)
    const rows = await draws()
    const perKey = named.map((id) => rows.filter((r) => r === id).length)
    const executedTwice = rows.length - new Set(named).size
    console.info(
      `[${database ? 'postgres' : 'pglite'}] ${KEYS} keyed draws, killed after ${answered.size} answers; ` +
        `${rows.length} draws in the database, actions executed twice: ${executedTwice}`,
    )
    expect(new Set(named).size).toBe(KEYS)
    expect(perKey).toEqual(keys.map(() => 1))
    expect(executedTwice).toBe(0)
  }, 300_000)
})

/** The draw ids in the database, read once no server holds it (a PGlite folder has one owner). */
async function draws(): Promise<string[]> {
  const opened = database ? null : await openDatabase({ dataDir: dataDir as string })
  const db = database ? database.database.db : (opened as Database).db
  try {
    const rows = await db
      .selectFrom('campaign_draws')
      .select('id')
      .where('campaign_id', '=', lottery.id)
      .execute()
    return rows.map((r) => r.id)
  } finally {
    await opened?.close()
  }
}
