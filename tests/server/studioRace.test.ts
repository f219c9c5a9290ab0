import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'
import { DEMO_PASSWORDS, validPage } from './studioHelpers'

// The studio's counters under parallel requests, on two server processes sharing one PostgreSQL in CI
// (scripts/with-postgres.sh): wrong passwords counted and the account locked once, one save per draft revision,
// one version number per publish, one pending schedule however many staff schedule at once.

let c: RaceCluster
let publisher: string

async function login(i: number, username: string, password: string): Promise<Answer & { cookie?: string }> {
  const answer = await c.send(i, 'POST', '/api/studio/session', { body: { username, password } })
  const cookie = answer.headers
    .getSetCookie()
    .find((h) => h.startsWith('studio_session='))
    ?.split(';')[0]
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
  it('20 wrong passwords at once: counted to 5, locked once, every answer 401 or 423', async () => {
    const answers = await c.race(20, (i) => login(i, 'racer', `wrong-${i}`))
    const byStatus = answers.reduce<Record<number, number>>(
      (t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }),
      {},
    )
    expect(byStatus[401]).toBe(4)
    expect(byStatus[423]).toBe(16)
    const row = await c.db
      .selectFrom('staff_users')
      .select(['failed_attempts', 'locked_until'])
      .where('username', '=', 'racer')
      .executeTakeFirstOrThrow()
    expect(row.failed_attempts).toBe(5)
    expect(row.locked_until).not.toBeNull()
    const locks = await c.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'login-locked')
      .where('staff_name', '=', '并发测试')
      .execute()
    expect(locks).toHaveLength(1)
    expect((await login(0, 'racer', 'racer-password')).status).toBe(423)
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
