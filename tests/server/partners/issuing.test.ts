import { afterEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../src/types/generated/api/order'
import type { Policy } from '../../../src/types/generated/api/policy'
import { ACCEPTED_CHECK_MS, MAX_ISSUE_ATTEMPTS, retryDelayMs } from '../../../server/modules/partners/issuing'
import { DEMO_PARTNER_SECRET } from '../../../server/modules/partners/config'
import { signHeaders } from '../../../server/modules/partners/huating/signing'
import { testClock } from '../helpers'
import { createPartnerApp, HOLDER_ID, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// Payment capture → the partner issues → its signed callback → our policy (source partner:huating, with the
// partner's number); outages wait and are retried by the job; a partner that never issues means a refund.

let t: PartnerTestApp
afterEach(async () => t.close())

async function setUp() {
  const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
  t = await createPartnerApp({ now: clock.now })
  const buyer = await PartnerBuyer.login(t.app)
  return { clock, buyer }
}

async function paidOrder(buyer: PartnerBuyer, productId = 'ht-accident') {
  const { orderId } = await buyer.applied(productId)
  await buyer.pay(orderId)
  return orderId
}

describe('issuing by the partner', () => {
  it("a paid order is issued by the partner: policy with our number and the partner's, in /policy, message 保单已出具", async () => {
    const { buyer } = await setUp()
    const orderId = await paidOrder(buyer, 'ht-air')
    await t.settle()

    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED', message: '保单已出具' })
    expect(status.partnerPolicyNo).toMatch(/^HT20261125\d{8}$/)
    const policy = (await buyer.call('GET', `/api/policies/${status.policyId}`)).json<Policy>()
    expect(policy).toMatchObject({
      source: 'partner:huating',
      partnerPolicyNo: status.partnerPolicyNo,
      insurerName: '华汀保险股份有限公司（虚构）',
      premiumFen: 500,
    })
    expect(policy.policyNo).toMatch(/^GH/)
    // The air cover is the flight's day.
    expect(policy.effectiveAt.slice(0, 10)).toBe('2026-12-01')
    expect(policy.expiresAt?.slice(0, 10)).toBe('2026-12-02')
    const list = (await buyer.call('GET', '/api/policies')).json<{ items: Policy[] }>().items
    expect(list.map((p) => p.id)).toContain(status.policyId)
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.status).toBe('ISSUED')
    expect((await buyer.messages()).map((m) => m.title)).toContain('保单已出具')
    // The mall's own policies keep partnerPolicyNo null.
    expect(t.sandbox.deliveries.filter((d) => d.status === 200)).toHaveLength(1)
  })

  it('duplicate callbacks (the partner sends each 4 times at once) issue one policy', async () => {
    const { buyer } = await setUp()
    t.faults({ mode: 'duplicateCallback', operations: ['issue'], copies: 4 })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(t.sandbox.deliveries).toHaveLength(4)
    expect(t.sandbox.deliveries.every((d) => d.status === 200)).toBe(true)
    const policies = await t.db.db
      .selectFrom('policies')
      .select('id')
      .where('order_id', '=', orderId)
      .execute()
    expect(policies).toHaveLength(1)
    const titles = (await buyer.messages()).map((m) => m.title)
    expect(titles.filter((title) => title === '保单已出具')).toHaveLength(1)
  })

  it('partner down at issuing: the order waits (保单出具中, one message), the job retries and it is issued', async () => {
    const { clock, buyer } = await setUp()
    // Two tries per attempt (one in-call retry): the first two attempts fail, the third gets through.
    t.faults({ mode: 'down', operations: ['issue'], times: 4 })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({
      status: 'PAID',
      partnerStatus: 'ISSUING',
      message: '保险公司系统繁忙，保单将在其恢复后自动出具，结果会以消息通知您',
    })
    expect((await buyer.messages()).map((m) => m.title)).toContain('保单出具中')

    // Not due yet: nothing is tried.
    await t.app.services.partnerIssuing.retryDue()
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUING')
    // Second attempt (a minute later) still down, third (two minutes after) reaches the partner.
    clock.advance(retryDelayMs(1))
    await t.app.services.partnerIssuing.retryDue()
    clock.advance(retryDelayMs(2))
    await t.app.services.partnerIssuing.retryDue()
    await t.settle()
    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
    const titles = (await buyer.messages()).map((m) => m.title)
    expect(titles.filter((title) => title === '保单出具中')).toHaveLength(1)
    // Every issue call carried the order's one request id: the partner issued once.
    const requests = await t.db.db
      .selectFrom('partner_calls')
      .select(['request_id', 'outcome'])
      .where('operation', '=', 'issue')
      .execute()
    expect(new Set(requests.map((r) => r.request_id)).size).toBe(1)
    expect(requests.map((r) => r.outcome)).toEqual([
      'unreachable',
      'unreachable',
      'unreachable',
      'unreachable',
      'ok',
    ])
  })

  it('a partner that stays down: after the last attempt the order fails, is refunded and the user told', async () => {
    const { clock, buyer } = await setUp()
    t.faults({ mode: 'down', operations: ['issue'] })
    const orderId = await paidOrder(buyer)
    await t.settle()
    for (let attempt = 1; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt))
      await t.app.services.partnerIssuing.retryDue()
    }
    const status = await buyer.partnerOrder(orderId)
    expect(status.partnerStatus).toBe('ISSUE_FAILED')
    expect(status.message).toContain('出单失败，已为您退款')
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.status).toBe('CLOSED')
    expect(order.refunds).toHaveLength(1)
    expect(order.refunds[0]).toMatchObject({ amountFen: 9900, reason: 'ISSUE_FAILED' })
    expect((await buyer.messages()).map((m) => m.title)).toContain('出单失败，已为您退款')
    expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(0)
  })

  it('a paid partner order the partner has not underwritten is refunded, never issued by us', async () => {
    const { buyer } = await setUp()
    const { orderId } = await buyer.applied('ht-accident')
    // Cannot happen through the API (order and partner row are made in one transaction); the capture must still
    // not fall back to the mall's own issuing.
    await t.db.db
      .updateTable('partner_orders')
      .set({ status: 'ISSUE_FAILED' })
      .where('order_id', '=', orderId)
      .execute()
    await buyer.pay(orderId)
    await t.settle()
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.status).toBe('CLOSED')
    expect(order.refunds).toEqual([expect.objectContaining({ amountFen: 9900, reason: 'ISSUE_FAILED' })])
    expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(0)
    expect(t.sandbox.deliveries).toHaveLength(0)
    expect((await buyer.messages()).map((m) => m.title)).toContain('出单失败，已为您退款')
  })

  it('the partner refusing at issuing calls back ISSUE_FAILED: refund, message with its reason in Chinese', async () => {
    const { buyer } = await setUp()
    t.faults({ mode: 'refuse', operations: ['issue'] })
    const orderId = await paidOrder(buyer, 'ht-travel')
    await t.settle()
    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ partnerStatus: 'ISSUE_FAILED', status: 'CLOSED' })
    expect(status.message).toBe('出单失败，已为您退款（被保险人的健康状况不符合投保要求）')
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.refunds[0]).toMatchObject({ amountFen: 100, reason: 'ISSUE_FAILED' })
  })

  it('an issue that timed out on our side but was carried out: its callback issues the one policy', async () => {
    const { clock, buyer } = await setUp()
    // Both tries of the first attempt time out (300 ms), while the partner does issue (after 400 ms).
    t.faults({ mode: 'timeout', operations: ['issue'], times: 2, delayMs: 400 })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ partnerStatus: 'ISSUED', status: 'ISSUED' })
    clock.advance(retryDelayMs(1))
    await t.app.services.partnerIssuing.retryDue()
    expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(1)
    expect([...t.sandbox.ledger.applications.values()].filter((a) => a.policyNo)).toHaveLength(1)
    const issues = await t.db.db
      .selectFrom('partner_calls')
      .select('outcome')
      .where('operation', '=', 'issue')
      .execute()
    expect(issues.map((c) => c.outcome)).toEqual(['timeout', 'timeout'])
  })

  it('a malformed answer to issue is retried (idempotent) within the call and then issued', async () => {
    const { buyer } = await setUp()
    t.faults({ mode: 'malformed', operations: ['issue'], times: 1 })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUED')
    const outcomes = await t.db.db
      .selectFrom('partner_calls')
      .select(['outcome', 'attempt'])
      .where('operation', '=', 'issue')
      .orderBy('id')
      .execute()
    expect(outcomes).toEqual([
      { outcome: 'malformed', attempt: 1 },
      { outcome: 'ok', attempt: 2 },
    ])
  })

  it('the call log keeps no certificate number, phone or secret', async () => {
    const { buyer } = await setUp()
    await paidOrder(buyer, 'ht-regression')
    await t.settle()
    const calls = await t.db.db.selectFrom('partner_calls').selectAll().execute()
    expect(calls.map((c) => c.operation).sort()).toEqual(['issue', 'quote', 'underwrite'])
    const text = JSON.stringify(calls)
    expect(text).not.toContain(HOLDER_ID)
    expect(text).not.toContain('13800138000')
    expect(text).not.toContain('demo-huating-partner-secret')
    expect(text).not.toMatch(/signature/i)
    expect(text).toContain('1101**********')
    expect(text).toContain('138****8000')
  })
})

describe('surrender of a partner policy', () => {
  it('in the cooling-off period: surrendered at the partner first, then refunded by us', async () => {
    const { buyer } = await setUp()
    const orderId = await paidOrder(buyer)
    await t.settle()
    const { policyId, partnerPolicyNo } = await buyer.partnerOrder(orderId)
    // A partner that does not answer: see surrender.test.ts.
    const res = await buyer.call('POST', `/api/policies/${policyId}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Policy>()).toMatchObject({ status: 'SURRENDERED', refundFen: 9900 })
    const atPartner = [...t.sandbox.ledger.applications.values()].find((a) => a.policyNo === partnerPolicyNo)
    expect(atPartner?.status).toBe('SURRENDERED')
  })
})

describe('a policy the partner issues after we gave up', () => {
  it('is surrendered at the partner; the order stays closed with its one refund and no policy', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    // Every issue call times out on our side (300 ms) while the partner carries it out (after 400 ms), and its
    // callbacks are lost (a closed port): we give up and refund; then its callback finally comes.
    t = await createPartnerApp({ now: clock.now, partners: { callbackUrl: 'http://127.0.0.1:9/none' } })
    t.faults({ mode: 'timeout', operations: ['issue'], delayMs: 400 })
    const buyer = await PartnerBuyer.login(t.app)
    const orderId = await paidOrder(buyer)
    await t.settle()
    for (let attempt = 1; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt))
      await t.app.services.partnerIssuing.retryDue()
    }
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({
      partnerStatus: 'ISSUE_FAILED',
      status: 'CLOSED',
    })
    const atPartner = [...t.sandbox.ledger.applications.values()][0]
    expect(atPartner).toMatchObject({ status: 'ISSUED', policyNo: expect.stringMatching(/^HT/) })

    const body = JSON.stringify({
      eventId: 'EV-LATE',
      eventType: 'POLICY_ISSUED',
      requestId: atPartner.issueRequestId,
      applyNo: atPartner.applyNo,
      policyNo: atPartner.policyNo,
    })
    const path = '/api/partner/callbacks/huating'
    const late = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        ...signHeaders(DEMO_PARTNER_SECRET, 'POST', path, body, clock.now()),
      },
      payload: body,
    })
    expect(late.statusCode).toBe(200)
    expect(atPartner.status).toBe('SURRENDERED')
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.status).toBe('CLOSED')
    expect(order.refunds).toEqual([expect.objectContaining({ amountFen: 9900, reason: 'ISSUE_FAILED' })])
    expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(0)
    const surrenders = await t.db.db
      .selectFrom('partner_calls')
      .select(['outcome', 'order_id'])
      .where('operation', '=', 'surrender')
      .execute()
    expect(surrenders).toEqual([{ outcome: 'ok', order_id: orderId }])
    // Recorded as a void (no customer refund: the order's one refund stands).
    const voids = await t.db.db
      .selectFrom('partner_surrenders')
      .select(['kind', 'status', 'policy_id'])
      .execute()
    expect(voids).toEqual([{ kind: 'VOID', status: 'DONE', policy_id: null }])
  })
})

describe('a callback that never arrives', () => {
  it('the job asks the partner (query) after the wait and issues from its answer', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    // Callbacks go nowhere (a closed port): the partner issues but cannot tell us.
    t = await createPartnerApp({ now: clock.now, partners: { callbackUrl: 'http://127.0.0.1:9/none' } })
    const buyer = await PartnerBuyer.login(t.app)
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(t.sandbox.deliveries.map((d) => d.status)).toEqual([null])
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUING')
    clock.advance(ACCEPTED_CHECK_MS)
    await t.app.services.partnerIssuing.retryDue()
    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ partnerStatus: 'ISSUED', status: 'ISSUED' })
    const operations = await t.db.db.selectFrom('partner_calls').select('operation').orderBy('id').execute()
    expect(operations.map((o) => o.operation)).toEqual(['quote', 'underwrite', 'issue', 'query'])
  })
})
