import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// Staff logins are throttled per username and client address, never by locking the account: an unknown name is
// answered exactly like a real one (no way to tell which names exist), a stranger guessing from one address does
// not keep the owner out from another, and the wait grows 1 s, 2 s, 4 s … up to 15 minutes.

const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let admin: string

const OWNERS = ['owner1', 'owner2', 'owner3', 'owner4'] as const
const password = (name: string) => `${name}-password`

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  admin = await staffLogin(t.app, 'admin')
  for (const name of OWNERS) {
    const created = await as(t.app, admin, 'POST', '/api/studio/staff', {
      username: name,
      displayName: `账号${name.slice(-1)}`,
      role: 'editor',
      password: password(name),
    })
    expect(created.statusCode, created.body).toBe(201)
  }
}, 60_000)
afterAll(() => t?.close())

const attempt = (username: string, pass: string, ip: string) =>
  json(t.app, {
    method: 'POST',
    url: '/api/studio/session',
    body: { username, password: pass },
    remoteAddress: ip,
  })

/** What the client sees of an answer. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  retryAfter: res.headers['retry-after'] ?? null,
  body: res.json<unknown>(),
})

async function auditOf(displayName: string): Promise<{ action: string; detail: string }[]> {
  const res = await as(t.app, admin, 'GET', '/api/studio/audit?limit=100')
  return res
    .json<{ entries: { staff: string; action: string; detail: string }[] }>()
    .entries.filter((e) => e.staff === displayName)
    .map(({ action, detail }) => ({ action, detail }))
}

describe('staff login throttling', () => {
  it('answers an unknown name exactly like a real one, before and after attempts are throttled', async () => {
    const real = []
    const unknown = []
    for (let i = 0; i < 7; i++) {
      real.push(seen(await attempt('owner1', `wrong-${i}`, '10.1.0.1')))
      unknown.push(seen(await attempt('no-such-user', `wrong-${i}`, '10.1.0.1')))
    }
    expect(unknown).toEqual(real)
    const failed = {
      status: 401,
      retryAfter: null,
      body: { error: { code: 'STAFF_LOGIN_FAILED', message: '用户名或密码错误' } },
    }
    const wait = {
      status: 429,
      retryAfter: '1',
      body: { error: { code: 'STAFF_LOGIN_THROTTLED', message: '登录尝试过于频繁，请 1 秒后再试' } },
    }
    expect(real).toEqual([failed, failed, failed, failed, failed, wait, wait])
  })

  it("a stranger's wrong passwords from one address do not keep the owner out from another", async () => {
    for (let i = 0; i < 12; i++) await attempt('owner2', `guess-${i}`, '10.2.0.66')
    expect((await attempt('owner2', password('owner2'), '10.2.0.66')).statusCode).toBe(429)
    const owner = await attempt('owner2', password('owner2'), '10.2.0.7')
    expect(owner.statusCode, owner.body).toBe(200)
    expect(owner.json()).toMatchObject({ staff: { username: 'owner2' } })
  })

  it('waits 1 s, 2 s, 4 s … up to 15 minutes; the right password after the wait signs in and starts afresh', async () => {
    const ip = '10.3.0.1'
    for (let i = 0; i < 5; i++) expect((await attempt('owner3', 'wrong', ip)).statusCode).toBe(401)
    const waits: string[] = []
    for (;;) {
      const refused = await attempt('owner3', 'wrong', ip)
      expect(refused.statusCode).toBe(429)
      const seconds = Number(refused.headers['retry-after'])
      waits.push(`${seconds}:${refused.json<{ error: { message: string } }>().error.message}`)
      if (waits.length === 12) break
      clock.advance(seconds * 1000 - 1)
      // One millisecond early is still too early.
      expect((await attempt('owner3', password('owner3'), ip)).statusCode).toBe(429)
      clock.advance(1)
      expect((await attempt('owner3', 'wrong', ip)).statusCode).toBe(401)
    }
    const message = (wait: string) => `登录尝试过于频繁，请 ${wait}后再试`
    expect(waits).toEqual([
      ...[1, 2, 4, 8, 16, 32].map((s) => `${s}:${message(`${s} 秒`)}`),
      `64:${message('2 分钟')}`,
      `128:${message('3 分钟')}`,
      `256:${message('5 分钟')}`,
      `512:${message('9 分钟')}`,
      `900:${message('15 分钟')}`,
      `900:${message('15 分钟')}`,
    ])
    clock.advance(900_000)
    expect((await attempt('owner3', password('owner3'), ip)).statusCode).toBe(200)
    // Counted afresh: five more tries before any wait.
    for (let i = 0; i < 5; i++) expect((await attempt('owner3', 'wrong', ip)).statusCode).toBe(401)
    expect((await attempt('owner3', 'wrong', ip)).statusCode).toBe(429)
  })

  it('audits each throttling of a real account once, with the address, and each sign-in', async () => {
    expect(await auditOf('账号1')).toEqual([
      {
        action: 'login-throttled',
        detail: '自 10.1.0.1 连续输错密码 5 次，此后每次须等待（1 秒起逐次加倍，最长 15 分钟）',
      },
    ])
    expect((await auditOf('账号3')).map((e) => e.action)).toEqual([
      'login-throttled',
      'login',
      'login-throttled',
    ])
  })

  it('a new password set by an admin lifts the waits for that name', async () => {
    const ip = '10.4.0.1'
    for (let i = 0; i < 6; i++) await attempt('owner4', 'wrong', ip)
    expect((await attempt('owner4', password('owner4'), ip)).statusCode).toBe(429)
    const list = await as(t.app, admin, 'GET', '/api/studio/staff')
    const id = list
      .json<{ staff: { id: number; username: string }[] }>()
      .staff.find((s) => s.username === 'owner4')?.id
    const reset = await as(t.app, admin, 'PATCH', `/api/studio/staff/${id}`, {
      password: 'owner4-new-password',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await attempt('owner4', 'owner4-new-password', ip)).statusCode).toBe(200)
  })
})
