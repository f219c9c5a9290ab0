import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestApp, json, loginAs, type TestApp } from './helpers'
import { multipart } from './uploads'
import { as, publishPage, staffHeaders, staffLogin, validPage, type DemoRole } from './studioHelpers'

// Every studio route, called by nobody and by each role: 401 without a session, 403 naming the role needed
// below it, and a 2xx answer at or above it. The table must list every route the OpenAPI document marks with a
// staff role, so a new studio route without a row here fails by name.

// Page work goes editor < publisher < admin; 合规 (compliance) reads the sales trail and nothing else, 客服
// (agent) works the service desk and nothing else, and 'staff' (its own session) is any account.
type Role = 'editor' | 'publisher' | 'admin' | 'compliance' | 'agent' | 'staff'
type StaffRole = Exclude<Role, 'staff'>
const RANK: Record<StaffRole, number> = { compliance: 0, agent: 0, editor: 1, publisher: 2, admin: 3 }
const ROLE_NAMES: Record<StaffRole, string> = {
  editor: '编辑',
  publisher: '发布员',
  admin: '管理员',
  compliance: '合规',
  agent: '客服',
}
const allows = (role: StaffRole, needed: Role) =>
  needed === 'staff' ||
  (needed === 'compliance' || needed === 'agent'
    ? role === needed || role === 'admin'
    : RANK[role] >= RANK[needed])
const STAFF_ROLES = ['compliance', 'agent', 'editor', 'publisher', 'admin'] as const
/** The least role that may call a route (the one whose session the missing-CSRF check uses). */
const least = (needed: Role): StaffRole => (needed === 'staff' ? 'compliance' : needed)

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  body?: unknown
  headers?: Record<string, string>
  payload?: Buffer
}

let t: TestApp
const cookies = {} as Record<DemoRole, string>
const medicalRates = [
  {
    ageMin: 0,
    ageMax: 60,
    gender: 'ANY',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    socialInsurance: 'ANY',
    premiumFen: 30_000,
  },
]
let n = 0
let otherStaffId = 0
let trailId = ''
let jpeg: Buffer

const revisionOf = async (id: string) =>
  (
    await t.db.db
      .selectFrom('studio_pages')
      .select('draft_revision')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).draft_revision

const section = (name: string) => ({ name, blocks: [{ type: 'title', text: name }] })

/** Each row: the route as OpenAPI names it, the least role, and a call that succeeds for that role. */
const table: { route: string; role: Role; call: () => Promise<Call> }[] = [
  {
    route: 'get /api/studio/session',
    role: 'staff',
    call: async () => ({ method: 'GET', url: '/api/studio/session' }),
  },
  {
    route: 'delete /api/studio/session',
    role: 'staff',
    call: async () => ({ method: 'DELETE', url: '/api/studio/session' }),
  },
  {
    route: 'get /api/studio/staff',
    role: 'admin',
    call: async () => ({ method: 'GET', url: '/api/studio/staff' }),
  },
  {
    route: 'post /api/studio/staff',
    role: 'admin',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/staff',
      body: { username: `ops${++n}`, displayName: '新同事', role: 'editor', password: 'password-2026' },
    }),
  },
  {
    route: 'patch /api/studio/staff/{id}',
    role: 'admin',
    call: async () => ({
      method: 'PATCH',
      url: `/api/studio/staff/${otherStaffId}`,
      body: { displayName: `改名${++n}` },
    }),
  },
  {
    route: 'get /api/studio/audit',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/audit?limit=5' }),
  },
  {
    route: 'post /api/studio/preview/markdown',
    role: 'editor',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/preview/markdown',
      body: { sources: ['**粗体**'] },
    }),
  },
  {
    route: 'get /api/studio/pages',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/pages?q=role' }),
  },
  {
    route: 'get /api/studio/templates/config',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/templates/config?file=newgift.json' }),
  },
  {
    route: 'post /api/studio/pages',
    role: 'editor',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/pages',
      body: { id: `role-new-${++n}`, title: '新页面' },
    }),
  },
  {
    route: 'get /api/studio/pages/{id}',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/pages/role-page' }),
  },
  {
    route: 'put /api/studio/pages/{id}/draft',
    role: 'editor',
    call: async () => ({
      method: 'PUT',
      url: '/api/studio/pages/role-page/draft',
      body: validPage(`角色测试${++n}`),
      headers: { 'if-match': `"${await revisionOf('role-page')}"` },
    }),
  },
  {
    route: 'post /api/studio/validate',
    role: 'editor',
    call: async () => ({ method: 'POST', url: '/api/studio/validate?id=role-page', body: validPage() }),
  },
  {
    route: 'post /api/studio/pages/{id}/publish',
    role: 'publisher',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/pages/role-page/publish',
      body: { revision: await revisionOf('role-page') },
    }),
  },
  {
    route: 'post /api/studio/pages/{id}/rollback',
    role: 'publisher',
    call: async () => ({ method: 'POST', url: '/api/studio/pages/role-page/rollback', body: { version: 1 } }),
  },
  {
    route: 'post /api/studio/pages/{id}/draft/load-live',
    role: 'editor',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/pages/role-page/draft/load-live',
      headers: { 'if-match': `"${await revisionOf('role-page')}"` },
    }),
  },
  {
    route: 'post /api/studio/pages/{id}/schedules/{scheduleId}/cancel',
    role: 'publisher',
    call: async () => {
      // A fresh schedule each time (a cancelled one cannot be cancelled again).
      const scheduled = await as(t.app, cookies.publisher, 'POST', '/api/studio/pages/role-page/publish', {
        revision: await revisionOf('role-page'),
        at: '2099-01-01T00:00:00+08:00',
      })
      const [pending] = (await as(t.app, cookies.publisher, 'GET', '/api/studio/pages/role-page')).json<{
        pending: { id: string }[]
      }>().pending
      expect(scheduled.statusCode).toBe(200)
      return { method: 'POST', url: `/api/studio/pages/role-page/schedules/${pending.id}/cancel` }
    },
  },
  {
    route: 'post /api/studio/pages/{id}/unpublish',
    role: 'publisher',
    call: async () => ({ method: 'POST', url: '/api/studio/pages/role-page/unpublish' }),
  },
  {
    route: 'get /api/studio/pages/{id}/versions',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/pages/role-page/versions' }),
  },
  {
    route: 'get /api/studio/pages/{id}/versions/{version}',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/pages/role-page/versions/1' }),
  },
  {
    route: 'post /api/studio/pages/{id}/preview-links',
    role: 'editor',
    call: async () => ({ method: 'POST', url: '/api/studio/pages/role-page/preview-links', body: {} }),
  },
  {
    route: 'post /api/studio/media',
    role: 'editor',
    call: async () => {
      const form = multipart([{ name: 'file', file: { filename: 'a.jpg', type: 'image/jpeg', data: jpeg } }])
      return { method: 'POST', url: '/api/studio/media', headers: form.headers, payload: form.payload }
    },
  },
  {
    route: 'get /api/studio/media',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/media?q=a' }),
  },
  {
    route: 'get /api/studio/partner-health',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/partner-health' }),
  },
  // The demo switches (demo mode only) take a staff session too.
  {
    route: 'put /api/sandbox/partner-faults',
    role: 'editor',
    call: async () => ({ method: 'PUT', url: '/api/sandbox/partner-faults', body: { faults: [] } }),
  },
  {
    route: 'post /api/dev/campaigns/{campaignId}/results',
    role: 'publisher',
    call: async () => ({
      method: 'POST',
      url: '/api/dev/campaigns/role-guess/results',
      body: { itemId: 'final', optionId: 'home' },
    }),
  },
  {
    route: 'get /api/studio/sections',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/sections' }),
  },
  {
    route: 'post /api/studio/sections',
    role: 'editor',
    call: async () => ({ method: 'POST', url: '/api/studio/sections', body: section(`组合${++n}`) }),
  },
  {
    route: 'delete /api/studio/sections/{sectionId}',
    role: 'editor',
    call: async () => {
      const made = await as(t.app, cookies.editor, 'POST', '/api/studio/sections', section(`待删${++n}`))
      return { method: 'DELETE', url: `/api/studio/sections/${made.json<{ id: string }>().id}` }
    },
  },
  {
    route: 'patch /api/studio/sections/{sectionId}',
    role: 'editor',
    call: async () => {
      const made = await as(t.app, cookies.editor, 'POST', '/api/studio/sections', section(`改名${++n}`))
      return {
        method: 'PATCH',
        url: `/api/studio/sections/${made.json<{ id: string }>().id}`,
        body: { name: `新名${++n}` },
      }
    },
  },
  {
    route: 'post /api/studio/pages/{id}/presence',
    role: 'editor',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/pages/role-page/presence',
      body: { tab: `role-tab-${++n}` },
    }),
  },
  {
    route: 'get /api/studio/compliance/sales',
    role: 'compliance',
    call: async () => ({ method: 'GET', url: '/api/studio/compliance/sales?phone=13700001111' }),
  },
  {
    route: 'get /api/studio/compliance/sales/{id}',
    role: 'compliance',
    call: async () => ({ method: 'GET', url: `/api/studio/compliance/sales/${trailId}` }),
  },
  {
    route: 'get /api/studio/compliance/sales/{id}/phone',
    role: 'compliance',
    call: async () => ({ method: 'GET', url: `/api/studio/compliance/sales/${trailId}/phone` }),
  },
  {
    route: 'get /api/studio/compliance/sales/{id}/export.pdf',
    role: 'compliance',
    call: async () => ({ method: 'GET', url: `/api/studio/compliance/sales/${trailId}/export.pdf` }),
  },
  {
    route: 'get /api/studio/compliance/sales/{id}/export.json',
    role: 'compliance',
    call: async () => ({ method: 'GET', url: `/api/studio/compliance/sales/${trailId}/export.json` }),
  },
  {
    route: 'get /api/studio/catalog/products/{id}/versions',
    role: 'staff',
    call: async () => ({ method: 'GET', url: '/api/studio/catalog/products/p-medical-million/versions' }),
  },
  {
    route: 'get /api/studio/sales-page-versions/{id}',
    role: 'staff',
    call: async () => ({ method: 'GET', url: '/api/studio/sales-page-versions/1' }),
  },
  {
    route: 'put /api/studio/catalog/products/{id}/notice',
    role: 'publisher',
    call: async () => ({
      method: 'PUT',
      url: '/api/studio/catalog/products/p-medical-million/notice',
      body: { notice: `投保须知（角色测试 ${++n}）` },
    }),
  },
  {
    route: 'put /api/studio/catalog/products/{id}/premium-rates',
    role: 'publisher',
    call: async () => ({
      method: 'PUT',
      url: '/api/studio/catalog/products/p-medical-million/premium-rates',
      body: { planCode: 'standard', rates: medicalRates },
    }),
  },
]

async function send(cookie: string | null, call: Call) {
  if (call.payload)
    return t.app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload,
      headers: { ...call.headers, ...staffHeaders(cookie) },
    })
  return as(t.app, cookie, call.method, call.url, call.body, call.headers)
}

/** The session cookie alone: what a page's same-origin request carries (no X-Studio-CSRF header). */
const withoutCsrf = (cookie: string) => cookie.replace(/;\s*studio_csrf=[^;]*/, '')

beforeAll(async () => {
  t = await createTestApp()
  for (const role of STAFF_ROLES) cookies[role] = await staffLogin(t.app, role)
  const buyer = await loginAs(t.app, '13700001111')
  const opened = await json(t.app, {
    method: 'POST',
    url: '/api/sales-trails',
    headers: { cookie: buyer },
    body: { productId: 'p-medical-million' },
  })
  trailId = opened.json<{ id: string }>().id
  await publishPage(t.app, cookies.publisher, 'role-page')
  const other = await as(t.app, cookies.admin, 'POST', '/api/studio/staff', {
    username: 'colleague',
    displayName: '同事',
    role: 'editor',
    password: 'password-2026',
  })
  otherStaffId = other.json<{ id: number }>().id
  await registerCampaign(
    t.db.db,
    {
      id: 'role-guess',
      file: 'page-configs/role-guess.json',
      campaign: {
        kind: 'guess',
        title: '角色测试竞猜',
        window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
        items: [
          {
            id: 'final',
            title: '决赛',
            lockAt: '2021-01-01T00:00:00+08:00',
            options: [
              { id: 'home', label: '主胜' },
              { id: 'away', label: '客胜' },
            ],
          },
        ],
        correctReward: { kind: 'points', amount: 10 },
      },
    },
    new Date(),
  )
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer()
}, 60_000)
afterAll(() => t?.close())

describe('the role of every studio route', () => {
  it('lists every route the OpenAPI document marks with a staff role, with the same role', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-staff-role'?: string }>>
    }>()
    const marked = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => op['x-staff-role'])
          .map(([method, op]) => `${method} ${path} ${op['x-staff-role']}`),
      )
      .sort()
    expect(marked).toEqual(table.map((row) => `${row.route} ${row.role}`).sort())
    // Everything under /api/studio is guarded, except the login itself and the presence leave a closing tab
    // sends with navigator.sendBeacon (no CSRF header: it checks the session, the role and a one-time token
    // itself; studioCollab.test.ts).
    const studioRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/studio'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
    expect(studioRoutes.filter((r) => !table.some((row) => row.route === r))).toEqual([
      'post /api/studio/session',
      'post /api/studio/pages/{id}/presence/leave',
    ])
  })

  for (const row of table) {
    it(`${row.route}: none 401, below ${row.role} 403, at or above it 2xx`, async () => {
      const nobody = await send(null, await row.call())
      expect({
        status: nobody.statusCode,
        code: nobody.json<{ error: { code: string } }>().error.code,
      }).toEqual({
        status: 401,
        code: 'STAFF_LOGIN_REQUIRED',
      })
      // The least role's session without the CSRF header (a page posting same-origin): 403, whatever the route.
      const pageLike = await send(withoutCsrf(await staffLogin(t.app, least(row.role))), await row.call())
      expect({
        status: pageLike.statusCode,
        code: pageLike.json<{ error: { code: string } }>().error.code,
      }).toEqual({
        status: 403,
        code: 'STAFF_CSRF_REQUIRED',
      })
      for (const role of STAFF_ROLES) {
        // Logging out ends the session: that row signs in afresh each time.
        const cookie =
          row.route === 'delete /api/studio/session' ? await staffLogin(t.app, role) : cookies[role]
        const res = await send(cookie, await row.call())
        if (!allows(role, row.role)) {
          const needed = ROLE_NAMES[row.role as StaffRole]
          expect({ role, status: res.statusCode, body: res.json() }).toEqual({
            role,
            status: 403,
            body: {
              error: {
                code: 'STAFF_FORBIDDEN',
                message: `需要${needed}权限`,
                details: [
                  {
                    field: 'role',
                    message:
                      row.role === 'compliance' || row.role === 'agent'
                        ? `需要${needed}或管理员权限`
                        : `需要${needed}或更高权限`,
                  },
                ],
              },
            },
          })
        } else {
          expect(
            { role, status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300 },
            res.body,
          ).toEqual({
            role,
            status: res.statusCode,
            ok: true,
          })
        }
      }
    })
  }

  it('a consumer session is no studio session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/studio/pages',
      cookies: { sid: t.app.signCookie('x') },
    })
    expect(res.statusCode).toBe(401)
  })
})
