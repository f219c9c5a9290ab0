import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import type { Policy } from '../../src/types/generated/api/policy'
import type {
  ProductVersions,
  TrailDetail,
  TrailEvent,
  TrailSearchResult,
} from '../../src/types/generated/api/trail'
import { purgeExpiredTrails } from '../../server/modules/trail/retention'
import { createTestApp, json, loginAs, type TestApp } from './helpers'
import { Buyer, MEDICAL } from './ordersFlow'
import { readPdf } from './readPdf'
import { as, staffLogin } from './studioHelpers'

// 可回溯: a sale's trail from the product page to the issued policy, what the browser may add to it, the chain that
// shows a changed record, the versions that keep what the buyer was shown, and how long a trail is kept.

let t: TestApp
let compliance: string
let publisher: string

beforeAll(async () => {
  t = await createTestApp()
  compliance = await staffLogin(t.app, 'compliance')
  publisher = await staffLogin(t.app, 'publisher')
}, 60_000)
afterAll(() => t?.close())

let events = 0
const event = (type: TrailEvent['type'], extra: Partial<TrailEvent> = {}): TrailEvent => ({
  eventId: `evt-${++events}-${Date.now()}`,
  type,
  at: new Date().toISOString(),
  screen: '/product?productId=p-medical-million',
  ...extra,
})

async function buyer(phone: string) {
  return new Buyer(t.app, await loginAs(t.app, phone))
}

async function openTrail(b: Buyer, productVersion?: number): Promise<string> {
  const res = await b.call('POST', '/api/sales-trails', { productId: MEDICAL, productVersion })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ id: string }>().id
}

const detail = async (id: string) => {
  const res = await as(t.app, compliance, 'GET', `/api/studio/compliance/sales/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<TrailDetail>()
}

/** Buys the medical product with the browser's trail, as the purchase screens do; the trail and the policy. */
async function buyWithTrail(b: Buyer) {
  const product = (await b.call('GET', `/api/products/${MEDICAL}`)).json<{ pageVersion: number }>()
  const trailId = await openTrail(b, product.pageVersion)
  const sent = await b.call('POST', `/api/sales-trails/${trailId}/events`, {
    events: [
      event('screen_enter', { title: '产品详情', productVersion: product.pageVersion }),
      event('screen_leave', { title: '产品详情', productVersion: product.pageVersion, durationMs: 42_000 }),
    ],
  })
  expect(sent.statusCode, sent.body).toBe(204)
  const created = await b.call('POST', '/api/applications', {
    productId: MEDICAL,
    planCode: 'standard',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    recordingNoticeAcknowledged: true,
    trailId,
  })
  expect(created.statusCode, created.body).toBe(200)
  const application = created.json<{ id: string; documents: { id: string; version?: number }[] }>()
  const notice = application.documents.find((d) => d.id === 'notice')!
  await b.call('POST', `/api/sales-trails/${trailId}/events`, {
    events: [
      event('document_open', { documentId: 'notice', documentVersion: notice.version }),
      event('document_end', { documentId: 'notice', documentVersion: notice.version }),
    ],
  })
  await b.confirmAll(application as Parameters<Buyer['confirmAll']>[0])
  expect((await b.answerHealth(application.id)).statusCode).toBe(200)
  const ordered = await b.createOrder({ applicationId: application.id, displayedPremiumFen: 1 })
  expect(ordered.statusCode, ordered.body).toBe(200)
  const order = ordered.json<Order>()
  const payment = await b.pay(order.id)
  await b.simulate(payment.paymentId, 'SUCCEEDED')
  const { policyId } = (await b.call('GET', `/api/orders/${order.id}`)).json<Order>()
  const policy = (await b.call('GET', `/api/policies/${policyId}`)).json<Policy>()
  return { trailId, order, policy, product }
}

describe('the trail of a sale', () => {
  it('records every step from the product page to the policy, each naming the version shown', async () => {
    const b = await buyer('13700002001')
    const { trailId, order, policy, product } = await buyWithTrail(b)
    const trail = await detail(trailId)
    expect(trail.records.map((r) => `${r.source}:${r.kind}`)).toEqual([
      'server:trail_opened',
      'browser:screen_enter',
      'browser:screen_leave',
      'server:recording_notice',
      'server:consent',
      'browser:document_open',
      'browser:document_end',
      ...trail.records
        .filter((r) => r.kind === 'document_opened' || r.kind === 'document_confirmed')
        .map((r) => `server:${r.kind}`),
      'server:health_answered',
      'server:quote_shown',
      'server:price_change_shown',
      'server:order_created',
      'server:payment',
      'server:policy_issued',
    ])
    // Every document opened, then confirmed, each with the version and hash of the text shown.
    const confirmed = trail.records.filter((r) => r.kind === 'document_confirmed')
    expect(confirmed.length).toBeGreaterThanOrEqual(2)
    for (const r of confirmed) expect(r.data.documentHash).toMatch(/^[0-9a-f]{64}$/)
    expect(trail.records[0].data.productVersion).toBe(product.pageVersion)
    const consent = trail.records.find((r) => r.kind === 'consent')!
    expect(consent.label).toContain('个人敏感信息收集使用授权书')
    expect(consent.data.consentedAt).toBeTruthy()
    const health = trail.records.find((r) => r.kind === 'health_answered')!
    expect(health.data.answers?.every((a) => a.question.length > 2 && a.answer === 'no')).toBe(true)
    // The screen showed 0.01 yuan: the order says what it costs instead, and the trail that it told the buyer.
    const change = trail.records.find((r) => r.kind === 'price_change_shown')!
    expect(change.data).toEqual({ previousPremiumFen: 1, premiumFen: order.premiumFen })
    expect(trail.summary).toMatchObject({
      stage: 'issued',
      policyNo: policy.policyNo,
      orderNo: order.orderNo,
    })
    expect(trail.chain).toMatchObject({ ok: true, brokenAtSeq: null })
    // The versions the replay renders: the product page, both documents, the purchase screens' words.
    expect(new Set(trail.versions.map((v) => v.kind))).toEqual(
      new Set(['product', 'document', 'purchase_texts']),
    )
    // One year of cover: kept five years after it ends.
    const ends = new Date(policy.expiresAt!)
    ends.setUTCFullYear(ends.getUTCFullYear() + 5)
    expect(new Date(trail.keepUntil!).getTime()).toBe(ends.getTime())
    // The order's consents carry the documents' versions and hashes.
    const orderConsents = (await b.call('GET', `/api/orders/${order.id}`)).json<Order>().consents
    expect(orderConsents.every((c) => c.version && c.hash && c.openedAt)).toBe(true)
    // The buyer's own policy says that the sale was recorded.
    expect(policy.salesRecord).toEqual({
      steps: trail.records.length,
      recordedAt: trail.summary.startedAt,
      keepUntil: trail.keepUntil,
    })
  })

  it('takes browser events only into the caller’s own trail, each event once', async () => {
    const owner = await buyer('13700002002')
    const other = await buyer('13700002003')
    const trailId = await openTrail(owner)
    expect(await openTrail(owner)).toBe(trailId)
    const batch = { events: [event('screen_enter', { title: '产品详情' })] }
    const forged = await other.call('POST', `/api/sales-trails/${trailId}/events`, batch)
    expect(forged.statusCode).toBe(404)
    expect((await owner.call('POST', `/api/sales-trails/${trailId}/events`, batch)).statusCode).toBe(204)
    expect((await owner.call('POST', `/api/sales-trails/${trailId}/events`, batch)).statusCode).toBe(204)
    const trail = await detail(trailId)
    expect(trail.records.map((r) => r.kind)).toEqual(['trail_opened', 'screen_enter'])
    // A browser whose clock is a minute slow: its event is placed on the server's clock by the batch's sentAt.
    const slow = new Date(Date.now() - 60_000).toISOString()
    await owner.call('POST', `/api/sales-trails/${trailId}/events`, {
      events: [event('screen_leave', { title: '产品详情', at: slow })],
      sentAt: slow,
    })
    const leave = (await detail(trailId)).records.find((r) => r.kind === 'screen_leave')!
    expect(Date.parse(leave.clientAt!)).toBe(Date.parse(slow))
    expect(Math.abs(leave.data.clockOffsetMs! - 60_000)).toBeLessThan(5_000)
    expect(Math.abs(Date.parse(leave.happenedAt) - Date.parse(leave.at))).toBeLessThan(5_000)
    // A version that does not exist, a NUL byte, a second's worth of a day: named by field.
    const bad = await owner.call('POST', `/api/sales-trails/${trailId}/events`, {
      events: [event('screen_enter', { productVersion: 999_999 })],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('events.0.productVersion')
    const nul = await owner.call('POST', `/api/sales-trails/${trailId}/events`, {
      events: [event('screen_enter', { screen: '/product\u0000' })],
    })
    expect(nul.statusCode).toBe(400)
    // Another user's application cannot take this trail either: it gets a trail of its own.
    const application = await other.startApplication()
    const stolen = await t.db.db
      .selectFrom('sales_trails')
      .select(['id', 'user_id'])
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow()
    expect(stolen.id).not.toBe(trailId)
  })

  it('keeps every record of batches sent at once, in one unbroken chain', async () => {
    const b = await buyer('13700002004')
    const trailId = await openTrail(b)
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        b.call('POST', `/api/sales-trails/${trailId}/events`, {
          events: [
            event('screen_enter', { title: `页面${i}` }),
            event('screen_leave', { title: `页面${i}` }),
          ],
        }),
      ),
    )
    const trail = await detail(trailId)
    expect(trail.records).toHaveLength(1 + 24)
    expect(trail.chain.ok).toBe(true)
  })

  it('shows a changed, removed or appended record as a broken chain', async () => {
    const b = await buyer('13700002005')
    const { trailId } = await buyWithTrail(b)
    const db = t.db.db
    await sql`UPDATE sales_trail_records SET data = jsonb_set(data, '{premiumFen}', '1') WHERE trail_id = ${trailId} AND kind = 'order_created'`.execute(
      db,
    )
    const changed = await detail(trailId)
    const seq = changed.records.find((r) => r.kind === 'order_created')!.seq
    expect(changed.chain).toMatchObject({ ok: false, brokenAtSeq: seq })
    expect(changed.chain.message).toBe(`第 ${seq} 条记录的内容被改动`)

    const b2 = await buyer('13700002006')
    const second = await buyWithTrail(b2)
    const last = await db
      .deleteFrom('sales_trail_records')
      .where('trail_id', '=', second.trailId)
      .where('kind', '=', 'policy_issued')
      .returning('seq')
      .executeTakeFirstOrThrow()
    const truncated = await detail(second.trailId)
    expect(truncated.chain).toMatchObject({ ok: false, brokenAtSeq: last.seq })
  })
})

describe('sales pages as versions', () => {
  it('replays the first sale with the 投保须知 and premium it was shown after both changed', async () => {
    const b = await buyer('13700002007')
    const first = await buyWithTrail(b)
    const before = await detail(first.trailId)
    const oldNotice = before.versions.find((v) => v.kind === 'document' && v.key.endsWith(':notice'))!
    const oldProduct = before.versions.find((v) => v.kind === 'product')!

    const notice = await as(t.app, publisher, 'PUT', `/api/studio/catalog/products/${MEDICAL}/notice`, {
      notice: '## 投保须知（新版）\n\n自即日起等待期调整。',
    })
    expect(notice.statusCode, notice.body).toBe(200)
    const rates = await as(t.app, publisher, 'PUT', `/api/studio/catalog/products/${MEDICAL}/premium-rates`, {
      planCode: 'standard',
      rates: [
        {
          ageMin: 0,
          ageMax: 65,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'ANY',
          premiumFen: 99_900,
        },
      ],
    })
    expect(rates.statusCode, rates.body).toBe(200)
    const versions = rates.json<ProductVersions>()
    const noticeVersions = versions.documents.find((d) => d.key.endsWith(':notice'))!.versions
    expect(noticeVersions[0]).toMatchObject({ offlineAt: null })
    expect(noticeVersions.find((v) => v.version === oldNotice.version)?.offlineAt).not.toBeNull()
    expect(versions.product[0].version).toBeGreaterThan(oldProduct.version)

    // Today's product page is the new one; the first sale's replay still has what it was shown.
    const today = (await b.call('GET', `/api/products/${MEDICAL}`)).json<{ pageVersion: number }>()
    expect(today.pageVersion).toBe(versions.product[0].version)
    const after = await detail(first.trailId)
    const replayNotice = after.versions.find((v) => v.kind === 'document' && v.key.endsWith(':notice'))!
    expect(replayNotice.content.markdown).toBe(oldNotice.content.markdown)
    expect(replayNotice.content.markdown).not.toContain('新版')
    const replayProduct = after.versions.find((v) => v.kind === 'product')!
    const plans = replayProduct.content.plans as { code: string; premiumRates: { premiumFen: number }[] }[]
    expect(plans.find((p) => p.code === 'standard')!.premiumRates.some((r) => r.premiumFen === 99_900)).toBe(
      false,
    )
    expect(after.records.find((r) => r.kind === 'order_created')!.data.premiumFen).toBe(
      first.order.premiumFen,
    )

    // The export: the old text in the PDF, the JSON's chain verified.
    const pdf = await as(t.app, compliance, 'GET', `/api/studio/compliance/sales/${first.trailId}/export.pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n')
    expect(text).toContain('哈希链校验通过')
    expect(text).not.toContain('新版')
    const exported = await as(
      t.app,
      compliance,
      'GET',
      `/api/studio/compliance/sales/${first.trailId}/export.json`,
    )
    expect(exported.json<{ trail: TrailDetail }>().trail.chain.ok).toBe(true)

    // Every view and export is in the audit log.
    const audit = await t.db.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_name'])
      .where('action', 'like', 'trail_%')
      .execute()
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['trail_view', 'trail_export']))
    expect(audit.every((a) => a.staff_name === '合规专员')).toBe(true)
  })

  it('takes a version of a catalog change made straight in SQL within one sweep', async () => {
    const before = (await json(t.app, { method: 'GET', url: `/api/products/${MEDICAL}` })).json<{
      pageVersion: number
    }>()
    await t.db.db
      .updateTable('products')
      .set({ tagline: 'SQL 改动的卖点' })
      .where('id', '=', MEDICAL)
      .execute()
    await t.app.services.salesPageVersions.captureChanged()
    const listed = await as(t.app, compliance, 'GET', `/api/studio/catalog/products/${MEDICAL}/versions`)
    expect(listed.json<ProductVersions>().product[0].version).toBe(before.pageVersion + 1)
  })
})

describe('search and retention', () => {
  it('finds a sale by phone, policy or order number, the phone masked', async () => {
    const b = await buyer('13700002008')
    const { policy, order } = await buyWithTrail(b)
    for (const query of ['phone=13700002008', `policyNo=${policy.policyNo}`, `orderNo=${order.orderNo}`]) {
      const res = await as(t.app, compliance, 'GET', `/api/studio/compliance/sales?${query}`)
      const items = res.json<TrailSearchResult>().items
      expect(items.map((i) => [i.policyNo, i.phone])).toEqual([[policy.policyNo, '137****2008']])
    }
  })

  it('deletes only trails past their keep-until, says so in the audit log, and a dry run deletes nothing', async () => {
    const b = await buyer('13700002009')
    const kept = await buyWithTrail(b)
    const old = await openTrail(await buyer('13700002010'))
    const db = t.db.db
    await db
      .updateTable('sales_trails')
      .set({ keep_until: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', old)
      .execute()
    const database = { db, kind: t.app.services.dbKind }
    const now = new Date()
    const dry = await purgeExpiredTrails(database, now, t.app.services.staffAudit, true)
    expect(dry).toMatchObject({ due: 1, deleted: 0, dryRun: true })
    expect(
      await db.selectFrom('sales_trails').select('id').where('id', '=', old).executeTakeFirst(),
    ).toBeTruthy()
    const run = await purgeExpiredTrails(database, now, t.app.services.staffAudit, false)
    expect(run).toMatchObject({ due: 1, deleted: 1 })
    expect(
      await db.selectFrom('sales_trails').select('id').where('id', '=', old).executeTakeFirst(),
    ).toBeUndefined()
    expect(
      await db.selectFrom('sales_trail_records').select('seq').where('trail_id', '=', old).execute(),
    ).toEqual([])
    expect((await detail(kept.trailId)).chain.ok).toBe(true)
    const entry = await db
      .selectFrom('staff_audit')
      .select(['staff_name', 'detail'])
      .where('action', '=', 'trail_retention')
      .executeTakeFirstOrThrow()
    expect(entry.staff_name).toBe('系统')
    expect(entry.detail).toContain('1 份')
  })
})
