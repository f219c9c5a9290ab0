import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { createTestApp, json, type TestApp } from './helpers'
import { as, DEMO_PASSWORDS, staffLogin, type DemoRole } from './studioHelpers'

// Staff routes demand a credential a page cannot send: the X-Studio-CSRF header, whose value the studio app reads
// from the studio_csrf cookie (scoped to the studio's own path, so consumer pages, /activity/* and the preview
// frame /studio-preview never see it). A page posting same-origin carries the studio's session cookie (its path
// is /api/studio and SameSite does nothing same-origin), never the header: 403, nothing done.

let t: TestApp

type ErrorBody = { error: { code: string; message: string; details: { field: string; message: string }[] } }

const login = (app: TestApp['app'], role: DemoRole) =>
  json(app, {
    method: 'POST',
    url: '/api/studio/session',
    body: { username: role, password: DEMO_PASSWORDS[role] },
  })

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)

/** Only the session cookie: what a page's same-origin request carries. */
const sessionOnly = (res: LightMyRequestResponse) =>
  `studio_session=${cookieOf(res, 'studio_session')?.value}`

const newStaff = (username: string) => ({
  username,
  displayName: '攻击者',
  role: 'admin',
  password: 'attacker-2026',
})

async function staffNames(admin: string): Promise<string[]> {
  const list = await as(t.app, admin, 'GET', '/api/studio/staff')
  return list.json<{ staff: { username: string }[] }>().staff.map((s) => s.username)
}

beforeAll(async () => {
  t = await createTestApp()
}, 60_000)
afterAll(() => t?.close())

describe('the studio CSRF credential', () => {
  it('comes with the login as a readable, SameSite=Strict cookie scoped to the studio app (/studio)', async () => {
    const res = await login(t.app, 'editor')
    expect(res.statusCode).toBe(200)
    const csrf = cookieOf(res, 'studio_csrf')
    expect(csrf).toMatchObject({ path: '/studio', sameSite: 'Strict' })
    expect(csrf?.httpOnly).toBeFalsy()
    expect(csrf?.secure).toBeFalsy()
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The session cookie stays HttpOnly, Strict and scoped to the studio's API.
    expect(cookieOf(res, 'studio_session')).toMatchObject({
      path: '/api/studio',
      httpOnly: true,
      sameSite: 'Strict',
    })
  })

  it('a same-origin POST /api/studio/staff with the admin session cookie but no header: 403, no account, no audit', async () => {
    const admin = await staffLogin(t.app, 'admin')
    const signedIn = await login(t.app, 'admin')
    const editorsValue = cookieOf(await login(t.app, 'editor'), 'studio_csrf')?.value ?? ''
    for (const headers of [
      {},
      { 'x-studio-csrf': '' },
      { 'x-studio-csrf': 'forged-value' },
      // The value of another session (the editor's) is no good for this one.
      { 'x-studio-csrf': editorsValue },
    ]) {
      const res = await json(t.app, {
        method: 'POST',
        url: '/api/studio/staff',
        // A page's fetch from the same origin: the Origin check passes, the session cookie goes with it.
        headers: { cookie: sessionOnly(signedIn), origin: 'http://localhost', ...headers },
        body: newStaff('mallory'),
      })
      expect({ status: res.statusCode, error: res.json<ErrorBody>().error }).toEqual({
        status: 403,
        error: {
          code: 'STAFF_CSRF_REQUIRED',
          message: '工作台请求缺少安全校验，请在工作台中刷新页面后重试',
          details: [{ field: 'x-studio-csrf', message: '缺少或不匹配' }],
        },
      })
    }
    expect(await staffNames(admin)).not.toContain('mallory')
    const creations = await t.db.db
      .selectFrom('staff_audit')
      .select('detail')
      .where('action', '=', 'staff-create')
      .execute()
    expect(creations).toEqual([])
  })

  it('refuses reads without it too (GET /api/studio/staff), and takes the right value', async () => {
    const signedIn = await login(t.app, 'admin')
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/studio/staff',
      headers: { cookie: sessionOnly(signedIn) },
    })
    expect(read.statusCode).toBe(403)
    const created = await json(t.app, {
      method: 'POST',
      url: '/api/studio/staff',
      headers: {
        cookie: sessionOnly(signedIn),
        'x-studio-csrf': cookieOf(signedIn, 'studio_csrf')?.value ?? '',
      },
      body: newStaff('zhaoliu'),
    })
    expect(created.statusCode).toBe(201)
  })

  it('is what any process derives from the session (same COOKIE_SECRET, no table)', async () => {
    const other = await buildApp({ distDir: '/nonexistent', database: t.db })
    try {
      const signedIn = await login(t.app, 'editor')
      const res = await other.inject({
        method: 'GET',
        url: '/api/studio/session',
        headers: {
          cookie: sessionOnly(signedIn),
          'x-studio-csrf': cookieOf(signedIn, 'studio_csrf')?.value ?? '',
        },
      })
      expect(res.json()).toMatchObject({ staff: { username: 'editor' } })
    } finally {
      await other.close()
    }
  })

  it('is cleared at logout, with the session', async () => {
    const editor = await staffLogin(t.app, 'editor')
    const out = await as(t.app, editor, 'DELETE', '/api/studio/session')
    expect(out.statusCode).toBe(204)
    const cleared = cookieOf(out, 'studio_csrf')
    expect(cleared).toMatchObject({ path: '/studio', value: '' })
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now())
  })

  it('the login itself needs none (there is no session yet)', async () => {
    expect((await login(t.app, 'publisher')).statusCode).toBe(200)
  })
})

describe('where the cookie lives', () => {
  it('under VITE_BASE_PATH when the app is served below the root, and Secure in production', async () => {
    const below = await createTestApp({ basePath: '/mall/', secureCookies: true })
    try {
      const csrf = cookieOf(await login(below.app, 'editor'), 'studio_csrf')
      expect(csrf).toMatchObject({ path: '/mall/studio', sameSite: 'Strict', secure: true })
    } finally {
      await below.close()
    }
  })
})
