import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'
import { DEMO_PASSWORDS, studioCookiePairs, validPage } from './studioHelpers'

// The studio's counters under parallel requests, on two server processes sharing one PostgreSQL in CI
// (scripts/with-postgres.sh): wrong passwords counted exactly per name and address, one save per draft revision,
// one version number per publish, one pending schedule however many staff schedule at once.

let c: RaceCluster
let publisher: string

async function login(i: number, username: string, password: string): Promise<Answer & { cookie?: string }> {
  const answer = await c.send(i, 'POST', '/api/studio/session', { body: { username, password } })
  const cookie = answer.status === 200 ? studioCookiePairs(answer.headers.getSetCookie()) : undefined
  return { ...answer, cookie }
}

beforeAll(async () => {
  c = await startRaceCluster()
  const signedIn = await login(0, 'publisher', DEMO_PASSWORDS.publisher)
  publisher = signedIn.cookie as string
  const admin = (await login(1, 'admin', DEMO_PASSWORDS.admin)).cookie as string
  const created = await c.send(1, 'POST', '/api/studio/staff', {
    cookie: admin,
    body: { username: 'racer', displayName: '并发测试', role: 'editor', password: 'racer-password' },
  })
  expect(created.status).toBe(201)
  for (const id of ['race-save', 'race-publish', 'race-schedule']) {
    const page = await c.send(0, 'POST', '/api/studio/pages', {
      cookie: publisher,
      body: { id, title: '并发' },
    })
    expect(page.status).toBe(201)
  }
}, 180_000)
afterAll(async () => c?.close())

describe('studio races', () => {
  it('20 wrong passwords at once from one address: each admitted one counted exactly, the rest wait', async () => {
    const stranger = '10.200.9.9'
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', '/api/studio/session', {
        body: { username: 'racer', password: `wrong-${i}` },
        ip: stranger,
      }),
    )
    const byStatus = answers.reduce<Record<number, number>>(
      (t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }),
      {},
    )
    const row = await c.db
      .selectFrom('staff_login_attempts')
      .select(['failures', 'blocked_until'])
      .where('username', '=', 'racer')
      .where('ip', '=', stranger)
      .executeTakeFirstOrThrow()
    // Every 401 is one counted attempt and the other answers are 429: at least the five free ones get through,
    // then every attempt waits (the first wait is 1 s, the next 2 s, …: nowhere near all 20 can pass).
    expect(byStatus[401]).toBe(row.failures)
    expect(row.failures).toBeGreaterThanOrEqual(5)
    expect(byStatus[401] + byStatus[429]).toBe(20)
    expect(answers.find((a) => a.status === 429)?.body.error?.code).toBe('STAFF_LOGIN_THROTTLED')
    expect(row.blocked_until).not.toBeNull()
    const throttlings = await c.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'login-throttled')
      .where('staff_name', '=', '并发测试')
      .execute()
    expect(throttlings).toHaveLength(1)
    // The owner, from another address, is not held up by the stranger.
    expect((await login(0, 'racer', 'racer-password')).status).toBe(200)
  })

  it('two saves of one revision at once: exactly one is saved, the other is 409', async () => {
    const answers = await c.race(2, (i) =>
      c.send(i, 'PUT', '/api/studio/pages/race-save/draft', {
        cookie: publisher,
        headers: { 'if-match': '"1"' },
        body: validPage(`并发保存 ${i}`),
      }),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)?.body.error?.code).toBe('DRAFT_CONFLICT')
    const page = await c.db
      .selectFrom('studio_pages')
      .select(['draft_revision', 'title'])
      .where('id', '=', 'race-save')
      .executeTakeFirstOrThrow()
    const winner = answers.findIndex((a) => a.status === 200)
    expect(page).toEqual({ draft_revision: 2, title: `并发保存 ${winner}` })
  })

  it('ten publishes of one revision at once: each a version of its own, numbered 1..10', async () => {
    const saved = await c.send(0, 'PUT', '/api/studio/pages/race-publish/draft', {
      cookie: publisher,
      headers: { 'if-match': '"1"' },
      body: validPage('并发发布'),
    })
    expect(saved.status).toBe(200)
    const answers = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/studio/pages/race-publish/publish', {
        cookie: publisher,
        body: { revision: 2 },
      }),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(answers.map((a) => a.body.version).sort((x, y) => Number(x) - Number(y))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
    const live = await c.send(0, 'GET', '/api/pages/race-publish')
    expect(live.body).toMatchObject({ config: { title: '并发发布' } })
  })

  it('ten schedules of one page at once: one stays pending, the nine others are superseded, none lost', async () => {
    const saved = await c.send(0, 'PUT', '/api/studio/pages/race-schedule/draft', {
      cookie: publisher,
      headers: { 'if-match': '"1"' },
      body: validPage('并发定时'),
    })
    expect(saved.status).toBe(200)
    const day = Date.now() + 24 * 3600_000
    const answers = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/studio/pages/race-schedule/publish', {
        cookie: publisher,
        body: { revision: 2, at: new Date(day + i * 60_000).toISOString() },
      }),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const rows = await c.db
      .selectFrom('studio_publications')
      .select(['version', 'cancel_kind', 'superseded_by'])
      .where('page_id', '=', 'race-schedule')
      .execute()
    expect(rows).toHaveLength(10)
    const pending = rows.filter((r) => r.cancel_kind === null)
    expect(pending).toHaveLength(1)
    // The one left is the last publication made; every other names the one that superseded it.
    expect(pending[0].version).toBe(10)
    expect(rows.filter((r) => r.cancel_kind === 'superseded' && r.superseded_by !== null)).toHaveLength(9)
  })
})
