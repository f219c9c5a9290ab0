import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../src/types/generated/api/order'
import { DEMO_PARTNER_SECRET } from '../../../server/modules/partners/config'
import { issueDeadlineAt } from '../../../server/modules/partners/deadlines'
import { signHeaders } from '../../../server/modules/partners/huating/signing'
import type { SandboxApplication } from '../../../server/modules/partners/sandbox/ledger'
import { loggerOptions } from '../../../server/platform/logging'
import { testClock } from '../helpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// Every partner order is issued by its deadline or refunded: an air policy never after its flight day could
// start, an order whose callback and status are lost never waits for days, and whatever the insurer issues too
// late is voided there. The clock is the test's: 23:42 → 00:43 is an hour, not a wait.

let t: PartnerTestApp
afterEach(async () => t.close())

/** 2026-11-25 23:42 in Asia/Shanghai. */
const AT_2342 = new Date('2026-11-25T15:42:00.000Z')
const HOUR = 3600_000
/** Callbacks go nowhere (a closed port): the partner's answer is lost. */
const LOST_CALLBACKS = 'http://127.0.0.1:9/none'

async function sameDayFlight(buyer: PartnerBuyer): Promise<string> {
  const quote = await buyer.quoted('ht-air', { flight: { flightNo: 'MU5101', date: '2026-11-25' } })
  const res = await buyer.apply(quote.quoteId)
  if (res.statusCode !== 201) throw new Error(`application ${res.statusCode}: ${res.body}`)
  const { orderId } = res.json<{ orderId: string }>()
  await buyer.pay(orderId)
  return orderId
}

/** Sends the partner's signed POLICY_ISSUED callback for an application, as it would arrive late. */
async function lateCallback(application: SandboxApplication, now: Date) {
  const body = JSON.stringify({
    eventId: `EV-LATE-${application.applyNo}`,
    eventType: 'POLICY_ISSUED',
    requestId: application.issueRequestId,
    applyNo: application.applyNo,
    policyNo: application.policyNo,
  })
  const path = '/api/partner/callbacks/huating'
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...signHeaders(DEMO_PARTNER_SECRET, 'POST', path, body, now),
    },
    payload: body,
  })
}

async function expectRefundedWithoutPolicy(
  buyer: PartnerBuyer,
  orderId: string,
  amountFen: number,
  reason: string,
) {
  const status = await buyer.partnerOrder(orderId)
  expect(status).toMatchObject({ partnerStatus: 'ISSUE_FAILED', status: 'CLOSED' })
  expect(status.message).toBe(`出单失败，已为您退款（${reason}）`)
  const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
  expect(order.refunds).toEqual([expect.objectContaining({ amountFen, reason: 'ISSUE_FAILED' })])
  expect(order.partnerIssue).toEqual({ status: 'ISSUE_FAILED', busy: false })
  expect(order.policyId).toBeNull()
  expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(0)
  const failed = (await buyer.messages()).find((m) => m.title === '出单失败，已为您退款')
  expect(failed?.body).toContain(reason)
}

describe('the deadline of a same-day flight', () => {
  it('bought at 23:42 while issue is down: at 00:43 the sweep refunds it and never issues', async () => {
    const clock = testClock(AT_2342)
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    t.faults({ mode: 'down', operations: ['issue'] })
    const orderId = await sameDayFlight(buyer)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'PAID', partnerStatus: 'ISSUING' })
    // The order itself says so (订单详情: 保单出具中, the insurer busy).
    const waiting = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(waiting).toMatchObject({ status: 'PAID', partnerIssue: { status: 'ISSUING', busy: true } })

    // The insurer is back after midnight, when the flight's day (and the cover) is over.
    t.sandbox.faults.clear()
    clock.advance(61 * 60_000)
    await t.app.services.partnerIssuing.retryDue()
    await t.settle()

    await expectRefundedWithoutPolicy(buyer, orderId, 500, '航班出行前保险公司未能及时出单，保障无法生效')
    const books = [...t.sandbox.ledger.applications.values()]
    expect(books.filter((a) => a.policyNo !== null)).toEqual([])
    // Nothing more is tried for it.
    clock.advance(HOUR)
    await t.app.services.partnerIssuing.retryDue()
    expect([...t.sandbox.ledger.applications.values()].filter((a) => a.policyNo !== null)).toEqual([])
  })

  it('a POLICY_ISSUED callback arriving after the deadline is voided at the insurer; no policy is ours', async () => {
    const clock = testClock(AT_2342)
    // Our issue calls time out (300 ms) while the partner carries them out (after 400 ms); its callbacks are lost.
    t = await createPartnerApp({ now: clock.now, partners: { callbackUrl: LOST_CALLBACKS } })
    t.faults({ mode: 'timeout', operations: ['issue'], delayMs: 400 })
    const buyer = await PartnerBuyer.login(t.app)
    const orderId = await sameDayFlight(buyer)
    await t.settle()
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUING')
    const atPartner = [...t.sandbox.ledger.applications.values()][0]
    expect(atPartner).toMatchObject({ status: 'ISSUED', policyNo: expect.stringMatching(/^HT/) })

    // 00:43: the held callback finally comes, before any sweep ran.
    clock.advance(61 * 60_000)
    const late = await lateCallback(atPartner, clock.now())
    expect(late.statusCode).toBe(200)
    expect(atPartner.status).toBe('SURRENDERED')
    await expectRefundedWithoutPolicy(buyer, orderId, 500, '航班出行前保险公司未能及时出单，保障无法生效')
  })
})

describe('a paid order whose callback is lost and whose status cannot be asked', () => {
  it('is alerted once at its deadline (two sweepers), refunded, and voided when it later shows issued', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    t = await createPartnerApp({
      now: clock.now,
      logger: loggerOptions('info', sink),
      partners: { callbackUrl: LOST_CALLBACKS },
    })
    const buyer = await PartnerBuyer.login(t.app)
    const { orderId } = await buyer.applied('ht-accident')
    await buyer.pay(orderId)
    await t.settle()
    t.faults({ mode: 'down', operations: ['query'] })
    const atPartner = [...t.sandbox.ledger.applications.values()][0]
    expect(atPartner.status).toBe('ISSUED')

    // A day on, still waiting: 保单出具中, no alert.
    clock.advance(24 * HOUR)
    await t.app.services.partnerIssuing.retryDue()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'PAID', partnerStatus: 'ISSUING' })
    const alerts = () =>
      lines
        .map((line) => JSON.parse(line) as { alert?: string; orderId?: string; level: number })
        .filter((line) => line.alert === 'partner_issue_overdue')
    expect(alerts()).toEqual([])

    // Two days after payment: two sweepers at once alert once, and the order is refunded.
    clock.advance(24 * HOUR)
    await Promise.all([t.app.services.partnerIssuing.retryDue(), t.app.services.partnerIssuing.retryDue()])
    expect(alerts()).toEqual([expect.objectContaining({ orderId, level: 50 })])
    await expectRefundedWithoutPolicy(buyer, orderId, 9900, '保险公司未能在支付后48小时内出单')
    const { overdue_alerted_at } = await t.db.db
      .selectFrom('partner_orders')
      .select('overdue_alerted_at')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(overdue_alerted_at).toEqual(clock.now())

    // The partner's callback finally gets through: its policy is voided, the order stays refunded.
    const late = await lateCallback(atPartner, clock.now())
    expect(late.statusCode).toBe(200)
    expect(atPartner.status).toBe('SURRENDERED')
    expect(await t.db.db.selectFrom('policies').select('id').execute()).toHaveLength(0)
    await t.app.services.partnerIssuing.retryDue()
    expect(alerts()).toHaveLength(1)
  })

  it('the deadline look that reaches the partner takes the policy it issued in time', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now, partners: { callbackUrl: LOST_CALLBACKS } })
    const buyer = await PartnerBuyer.login(t.app)
    const { orderId } = await buyer.applied('ht-accident')
    await buyer.pay(orderId)
    await t.settle()
    clock.advance(48 * HOUR)
    await t.app.services.partnerIssuing.retryDue()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ partnerStatus: 'ISSUED', status: 'ISSUED' })
    expect([...t.sandbox.ledger.applications.values()][0].status).toBe('ISSUED')
  })
})

describe('issueDeadlineAt', () => {
  const beforeCover = { rule: 'cover_start', withinMinutes: 30 } as const
  const at = (iso: string) => new Date(iso)

  it('before the cover starts: the start day at 00:00 in Shanghai', () => {
    expect(issueDeadlineAt(beforeCover, at('2026-11-25T04:00:00Z'), '2026-12-01').toISOString()).toBe(
      '2026-11-30T16:00:00.000Z',
    )
  })

  it('paid on the start day: 30 minutes, never past the day', () => {
    expect(issueDeadlineAt(beforeCover, at('2026-11-25T04:00:00Z'), '2026-11-25').toISOString()).toBe(
      '2026-11-25T04:30:00.000Z',
    )
    expect(issueDeadlineAt(beforeCover, AT_2342, '2026-11-25').toISOString()).toBe('2026-11-25T16:00:00.000Z')
  })

  it('after payment: the bound from payment', () => {
    const twoDays = { rule: 'after_payment', withinMinutes: 2880 } as const
    expect(issueDeadlineAt(twoDays, at('2026-11-25T04:00:00Z'), null).toISOString()).toBe(
      '2026-11-27T04:00:00.000Z',
    )
  })
})
