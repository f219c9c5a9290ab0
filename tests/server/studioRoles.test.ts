import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestApp, json, loginAs, type TestApp } from './helpers'
import { multipart, uploadPhoto } from './uploads'
import { as, publishPage, staffHeaders, staffLogin, validPage, type DemoRole } from './studioHelpers'
import {
  deskConsumer,
  insertAppointment,
  insertClaim,
  insertFeedback,
  slotAt,
  type DeskConsumer,
} from './deskFixtures'

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
let chat = { id: '', mediaId: '' }
let customers = 0
/** A customer's conversation waiting in the queue (a new one each call). */
async function queuedChat(): Promise<string> {
  const cookie = await loginAs(t.app, `1377000${String(++customers).padStart(4, '0')}`, `10.8.0.${customers}`)
  const opened = await json(t.app, {
    method: 'POST',
    url: '/api/service/conversations',
    headers: { cookie },
    body: { context: {} },
  })
  const id = opened.json<{ id: string }>().id
  await json(t.app, { method: 'POST', url: `/api/service/conversations/${id}/handoff`, headers: { cookie } })
  return id
}
/** A queued conversation the demo agent has taken. */
async function takenChat(): Promise<string> {
  const id = await queuedChat()
  await as(t.app, cookies.agent, 'POST', `/api/studio/desk/conversations/${id}/take`)
  return id
}
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

let opsGift = ''
/** Campaign operations rows: a physical prize won (with its address) and a prize with stock in role-guess. */
async function opsFixtures(): Promise<string> {
  if (opsGift) return opsGift
  const now = new Date()
  await sql`INSERT INTO users (id, phone, nickname, created_at, updated_at)
            VALUES ('ops-winner', '13800009999', '中奖用户', ${now}, ${now})`.execute(t.db.db)
  await sql`INSERT INTO campaign_prizes (campaign_id, prize_id, sort, name, weight, stock, daily_cap, reward)
            VALUES ('role-guess', 'mug', 0, '马克杯', 1, 5, NULL,
                    ${JSON.stringify({ kind: 'physical', description: '马克杯' })}::jsonb)`.execute(t.db.db)
  const address = { name: '张三', phone: '13800009999', region: '上海市浦东新区', detail: '世纪大道100号' }
  await sql`INSERT INTO campaign_gifts (id, user_id, campaign_id, prize_id, name, description, source_kind,
                                         source_id, address, address_at, created_at)
            VALUES ('ops-gift', 'ops-winner', 'role-guess', 'mug', '马克杯', '马克杯', 'claim', 'ops-claim',
                    ${JSON.stringify(address)}::jsonb, ${now}, ${now})`.execute(t.db.db)
  opsGift = 'ops-gift'
  return opsGift
}
const opsBase = '/api/studio/campaigns/role-guess'
const analyticsPage = '/api/studio/analytics/pages/role-page'
const ship = { carrier: '顺丰速运', trackingNo: 'SF1234567890' }

let deskPerson: DeskConsumer | null = null
/** The service desk's consumer (with a policy for claims), made once; each write row makes its own case. */
const desk = async () => (deskPerson ??= await deskConsumer(t.app, 1))
let deskSlots = 0
/** A booking of its own (beyond the booking window: rows are written straight in), and a bookable slot of its
 * own to move it to. */
async function deskBooking(): Promise<{ id: string; to: string }> {
  deskSlots += 1
  const now = Date.now()
  const [day, hour] = [Math.floor(deskSlots / 9), 9 + (deskSlots % 9)]
  const id = await insertAppointment(t.db.db, (await desk()).userId, slotAt(now, 10 + day, hour))
  return { id, to: slotAt(now, 1 + (day % 6), hour).toISOString() }
}
const cases = '/api/studio/cases'

/** A/B tests: role-ab, published (v1) with a second version saved unpublished (v2); made once. */
let abPage: Promise<void> | null = null
const abReady = () =>
  (abPage ??= (async () => {
    await publishPage(t.app, cookies.publisher, 'role-ab', validPage('原版'))
    const saved = await as(
      t.app,
      cookies.admin,
      'PUT',
      '/api/studio/pages/role-ab/draft',
      validPage('新版'),
      {
        'if-match': `"${await revisionOf('role-ab')}"`,
      },
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const made = await as(t.app, cookies.admin, 'POST', '/api/studio/pages/role-ab/versions', {
      revision: await revisionOf('role-ab'),
    })
    expect(made.statusCode, made.body).toBe(201)
  })())
const abInput = () => ({
  name: `角色测试${++n}`,
  variants: [
    { key: 'A', version: 1, weight: 50, label: '原版' },
    { key: 'B', version: 2, weight: 50, label: '新版' },
  ],
  goal: { kind: 'paid' },
  baselineRate: 0.1,
  minEffect: 0.2,
})
/** A fresh draft test of role-ab (no test of the page left running, when `alone`). */
async function abDraft(alone = false): Promise<string> {
  await abReady()
  if (alone)
    await t.db.db
      .updateTable('page_experiments')
      .set({ status: 'stopped', stopped_at: new Date() })
      .where('page_id', '=', 'role-ab')
      .where('status', '=', 'running')
      .execute()
  const created = await as(t.app, cookies.admin, 'POST', '/api/studio/pages/role-ab/experiments', abInput())
  expect(created.statusCode, created.body).toBe(201)
  return created.json<{ id: string }>().id
}
/** A running test of role-ab. */
async function abRunning(): Promise<string> {
  const id = await abDraft(true)
  const started = await as(t.app, cookies.admin, 'POST', `/api/studio/experiments/${id}/start`)
  expect(started.statusCode, started.body).toBe(200)
  return id
}
const ab = '/api/studio/experiments'

/** Each row: the route as OpenAPI names it, the least role, and a call that succeeds for that role. */
/** `allowedStatus`: what a role that may call it gets, when not a 2xx (a stream asked for nothing it can open). */
const table: { route: string; role: Role; call: () => Promise<Call>; allowedStatus?: number }[] = [
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
  // 数据分析 (the dashboards): read-only, 编辑 and up.
  {
    route: 'get /api/studio/analytics/pages',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/analytics/pages?from=2026-11-01&to=2026-11-22' }),
  },
  {
    route: 'get /api/studio/analytics/pages/{pageId}/overview',
    role: 'editor',
    call: async () => ({
      method: 'GET',
      url: `${analyticsPage}/overview?from=2026-11-01&to=2026-11-22&granularity=hour`,
    }),
  },
  {
    route: 'get /api/studio/analytics/pages/{pageId}/blocks',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${analyticsPage}/blocks?from=2026-11-01&to=2026-11-22` }),
  },
  {
    route: 'get /api/studio/analytics/pages/{pageId}/funnel',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${analyticsPage}/funnel?from=2026-11-01&to=2026-11-22` }),
  },
  {
    route: 'get /api/studio/analytics/pages/{pageId}/campaigns',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${analyticsPage}/campaigns?from=2026-11-01&to=2026-11-22` }),
  },
  {
    route: 'get /api/studio/analytics/pages/{pageId}/export.csv',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${analyticsPage}/export.csv?from=2026-11-01&to=2026-11-22` }),
  },
  // A/B tests: 编辑 reads and drafts (and saves a draft as a version), 发布员 starts, stops and promotes.
  {
    route: 'get /api/studio/pages/{id}/experiments',
    role: 'editor',
    call: async () => {
      await abReady()
      return { method: 'GET', url: '/api/studio/pages/role-ab/experiments' }
    },
  },
  {
    route: 'post /api/studio/pages/{id}/experiments',
    role: 'editor',
    call: async () => {
      await abReady()
      return { method: 'POST', url: '/api/studio/pages/role-ab/experiments', body: abInput() }
    },
  },
  {
    route: 'post /api/studio/pages/{id}/versions',
    role: 'editor',
    call: async () => ({
      method: 'POST',
      url: '/api/studio/pages/role-page/versions',
      body: { revision: await revisionOf('role-page') },
    }),
  },
  {
    route: 'get /api/studio/experiments/{experimentId}',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${ab}/${await abDraft()}` }),
  },
  {
    route: 'delete /api/studio/experiments/{experimentId}',
    role: 'editor',
    call: async () => ({ method: 'DELETE', url: `${ab}/${await abDraft()}` }),
  },
  {
    route: 'post /api/studio/experiments/{experimentId}/start',
    role: 'publisher',
    call: async () => ({ method: 'POST', url: `${ab}/${await abDraft(true)}/start` }),
  },
  {
    route: 'post /api/studio/experiments/{experimentId}/stop',
    role: 'publisher',
    call: async () => ({ method: 'POST', url: `${ab}/${await abRunning()}/stop` }),
  },
  {
    route: 'post /api/studio/experiments/{experimentId}/promote',
    role: 'publisher',
    // The control (the live version) stays live: the next rows start tests with it as A.
    call: async () => ({ method: 'POST', url: `${ab}/${await abRunning()}/promote`, body: { variant: 'A' } }),
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
    route: 'get /api/studio/campaigns',
    role: 'editor',
    call: async () => ({ method: 'GET', url: '/api/studio/campaigns' }),
  },
  {
    route: 'get /api/studio/campaigns/{campaignId}/guess',
    role: 'publisher',
    call: async () => ({ method: 'GET', url: `${opsBase}/guess` }),
  },
  {
    route: 'post /api/studio/campaigns/{campaignId}/guess/results',
    role: 'publisher',
    call: async () => ({
      method: 'POST',
      url: `${opsBase}/guess/results`,
      body: { itemId: 'final', optionId: 'home' },
    }),
  },
  {
    route: 'get /api/studio/campaigns/{campaignId}/winners',
    role: 'editor',
    call: async () => ({ method: 'GET', url: `${opsBase}/winners` }),
  },
  {
    route: 'get /api/studio/campaigns/{campaignId}/winners.csv',
    role: 'publisher',
    call: async () => ({ method: 'GET', url: `${opsBase}/winners.csv` }),
  },
  {
    route: 'get /api/studio/campaigns/{campaignId}/gifts/{giftId}/address',
    role: 'publisher',
    call: async () => ({ method: 'GET', url: `${opsBase}/gifts/${await opsFixtures()}/address` }),
  },
  {
    route: 'post /api/studio/campaigns/{campaignId}/gifts/{giftId}/ship',
    role: 'publisher',
    call: async () => ({ method: 'POST', url: `${opsBase}/gifts/${await opsFixtures()}/ship`, body: ship }),
  },
  {
    route: 'post /api/studio/campaigns/{campaignId}/gifts/{giftId}/deliver',
    role: 'publisher',
    call: async () => {
      const gift = await opsFixtures()
      await as(t.app, cookies.admin, 'POST', `${opsBase}/gifts/${gift}/ship`, ship)
      return { method: 'POST', url: `${opsBase}/gifts/${gift}/deliver` }
    },
  },
  {
    route: 'get /api/studio/campaigns/{campaignId}/prizes',
    role: 'publisher',
    call: async () => ({ method: 'GET', url: `${opsBase}/prizes` }),
  },
  {
    route: 'post /api/studio/campaigns/{campaignId}/prizes/{prizeId}/stock',
    role: 'publisher',
    call: async () => {
      await opsFixtures()
      return { method: 'POST', url: `${opsBase}/prizes/mug/stock`, body: { add: 1, reason: '角色测试补充' } }
    },
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
    route: 'get /api/studio/cases/feedback',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/feedback?status=PENDING` }),
  },
  {
    route: 'get /api/studio/cases/feedback/{id}',
    role: 'agent',
    call: async () => ({
      method: 'GET',
      url: `${cases}/feedback/${await insertFeedback(t.db.db, (await desk()).userId)}`,
    }),
  },
  {
    route: 'get /api/studio/cases/feedback/{id}/phone',
    role: 'agent',
    call: async () => ({
      method: 'GET',
      url: `${cases}/feedback/${await insertFeedback(t.db.db, (await desk()).userId)}/phone`,
    }),
  },
  {
    route: 'get /api/studio/cases/feedback/{id}/photos/{mediaId}',
    role: 'agent',
    call: async () => {
      const { cookie } = await desk()
      const photo = (await uploadPhoto(t.app, cookie, 'feedback')).id
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { cookie },
        payload: { type: 'bug', content: '页面上的图片显示不出来。', photos: [photo] },
      })
      return { method: 'GET', url: `${cases}/feedback/${filed.json<{ id: string }>().id}/photos/${photo}` }
    },
  },
  {
    route: 'post /api/studio/cases/feedback/{id}/reply',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `${cases}/feedback/${await insertFeedback(t.db.db, (await desk()).userId)}/reply`,
      body: { body: '您好，已为您处理。' },
    }),
  },
  {
    route: 'get /api/studio/cases/claims',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/claims?status=SUBMITTED` }),
  },
  {
    route: 'get /api/studio/cases/claims/{id}',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/claims/${await insertClaim(t.db.db, await desk())}` }),
  },
  {
    route: 'get /api/studio/cases/claims/{id}/documents/{mediaId}',
    role: 'agent',
    call: async () => {
      const consumer = await desk()
      const id = await insertClaim(t.db.db, consumer)
      const mediaId = (await uploadPhoto(t.app, consumer.cookie, 'claim')).id
      await t.db.db
        .insertInto('claim_documents')
        .values({ claim_id: id, media_id: mediaId, kind: 'invoice', added_at: new Date() })
        .execute()
      return { method: 'GET', url: `${cases}/claims/${id}/documents/${mediaId}` }
    },
  },
  {
    route: 'post /api/studio/cases/claims/{id}/accept',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `${cases}/claims/${await insertClaim(t.db.db, await desk())}/accept`,
    }),
  },
  {
    route: 'post /api/studio/cases/claims/{id}/supplement',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `${cases}/claims/${await insertClaim(t.db.db, await desk(), 'UNDER_REVIEW')}/supplement`,
      body: { reason: '发票不清晰', documents: [{ kind: 'invoice', least: 1 }] },
    }),
  },
  {
    route: 'post /api/studio/cases/claims/{id}/decision',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `${cases}/claims/${await insertClaim(t.db.db, await desk(), 'UNDER_REVIEW')}/decision`,
      body: { approved: true, paidFen: 100_000, reason: '保险公司核定' },
    }),
  },
  {
    route: 'post /api/studio/cases/claims/{id}/payment',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `${cases}/claims/${await insertClaim(t.db.db, await desk(), 'APPROVED')}/payment`,
      body: { reference: 'PAY20261201' },
    }),
  },
  {
    route: 'get /api/studio/cases/appointments',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/appointments?status=pending` }),
  },
  {
    route: 'get /api/studio/cases/appointments/{id}/phone',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/appointments/${(await deskBooking()).id}/phone` }),
  },
  {
    route: 'get /api/studio/cases/appointments/{id}/slots',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `${cases}/appointments/${(await deskBooking()).id}/slots` }),
  },
  {
    route: 'post /api/studio/cases/appointments/{id}/confirm',
    role: 'agent',
    call: async () => ({ method: 'POST', url: `${cases}/appointments/${(await deskBooking()).id}/confirm` }),
  },
  {
    route: 'post /api/studio/cases/appointments/{id}/reschedule',
    role: 'agent',
    call: async () => {
      const { id, to } = await deskBooking()
      return { method: 'POST', url: `${cases}/appointments/${id}/reschedule`, body: { slotStart: to } }
    },
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
  // 在线客服's desk (客服 and 管理员): each write acts on a conversation made for that call.
  {
    route: 'get /api/studio/desk/conversations',
    role: 'agent',
    call: async () => ({ method: 'GET', url: '/api/studio/desk/conversations?queue=waiting' }),
  },
  {
    route: 'get /api/studio/desk/conversations/{id}',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `/api/studio/desk/conversations/${chat.id}` }),
  },
  {
    route: 'post /api/studio/desk/conversations/{id}/take',
    role: 'agent',
    call: async () => ({ method: 'POST', url: `/api/studio/desk/conversations/${await queuedChat()}/take` }),
  },
  {
    route: 'post /api/studio/desk/conversations/{id}/messages',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `/api/studio/desk/conversations/${await takenChat()}/messages`,
      body: { clientId: `role-${++n}-reply`, text: '您好' },
    }),
  },
  {
    route: 'post /api/studio/desk/conversations/{id}/transfer',
    role: 'agent',
    call: async () => ({
      method: 'POST',
      url: `/api/studio/desk/conversations/${await takenChat()}/transfer`,
      body: { toStaffId: null },
    }),
  },
  {
    route: 'post /api/studio/desk/conversations/{id}/close',
    role: 'agent',
    call: async () => ({ method: 'POST', url: `/api/studio/desk/conversations/${await takenChat()}/close` }),
  },
  {
    route: 'get /api/studio/desk/conversations/{id}/customer',
    role: 'agent',
    call: async () => ({ method: 'GET', url: `/api/studio/desk/conversations/${chat.id}/customer` }),
  },
  {
    route: 'get /api/studio/desk/conversations/{id}/images/{mediaId}',
    role: 'agent',
    call: async () => ({
      method: 'GET',
      url: `/api/studio/desk/conversations/${chat.id}/images/${chat.mediaId}`,
    }),
  },
  {
    route: 'post /api/studio/desk/images',
    role: 'agent',
    call: async () => {
      const form = multipart([
        { name: 'file', file: { filename: 'reply.jpg', type: 'image/jpeg', data: jpeg } },
      ])
      return { method: 'POST', url: '/api/studio/desk/images', headers: form.headers, payload: form.payload }
    },
  },
  {
    route: 'get /api/studio/desk/agents',
    role: 'agent',
    call: async () => ({ method: 'GET', url: '/api/studio/desk/agents' }),
  },
  {
    // A stream never ends: an unknown conversation is answered (404) before it would start.
    route: 'get /api/studio/desk/stream',
    role: 'agent',
    call: async () => ({
      method: 'GET',
      url: '/api/studio/desk/stream?conversation=00000000-0000-4000-8000-000000000000',
    }),
    allowedStatus: 404,
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
  const customer = await loginAs(t.app, '13770009999', '10.8.1.1')
  const conversation = await json(t.app, {
    method: 'POST',
    url: '/api/service/conversations',
    headers: { cookie: customer },
    body: { context: {} },
  })
  chat = {
    id: conversation.json<{ id: string }>().id,
    mediaId: (await uploadPhoto(t.app, customer, 'service')).id,
  }
  await json(t.app, {
    method: 'POST',
    url: `/api/service/conversations/${chat.id}/messages`,
    headers: { cookie: customer },
    body: { clientId: 'role-test-image', imageId: chat.mediaId },
  })
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
        } else if (row.allowedStatus) {
          expect({ role, status: res.statusCode }, res.body).toEqual({ role, status: row.allowedStatus })
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
