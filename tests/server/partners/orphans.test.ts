import { afterEach, describe, expect, it } from 'vitest'
import { ORDER_PAYMENT_WINDOW_MS } from '../../../src/domain/order'
import { ORPHAN_GRACE_MS } from '../../../server/modules/partners/orphans'
import { QUOTE_TTL_MS } from '../../../server/modules/partners/service'
import { testClock } from '../helpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// Underwritings that never become a paid order are withdrawn at the partner (its cancel, by our underwriting
// request id): the orphan of a timed-out application whose quote expired, and an order closed unpaid.

let t: PartnerTestApp
afterEach(async () => t.close())

async function setUp() {
  const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
  t = await createPartnerApp({ now: clock.now })
  const buyer = await PartnerBuyer.login(t.app)
  return { clock, buyer }
}

const applications = () => [...t.sandbox.ledger.applications.values()]
const cancelDue = () => t.app.services.partnerOrphans.cancelDue()

describe('orphan underwritings', () => {
  it('an application that timed out on our side but was underwritten, then abandoned, is cancelled by the sweep', async () => {
    const { clock, buyer } = await setUp()
    const quote = await buyer.quoted('ht-accident')
    t.faults({ mode: 'timeout', operations: ['underwrite'], times: 2, delayMs: 1000 })
    expect((await buyer.apply(quote.quoteId)).statusCode).toBe(503)
    await t.sandbox.idle()
    // The partner underwrote (once, whatever the attempts); we have no order.
    expect(applications().map((a) => a.status)).toEqual(['UNDERWRITTEN'])

    // While the quote may still be applied with, it is left alone.
    clock.advance(QUOTE_TTL_MS)
    expect(await cancelDue()).toBe(0)
    clock.advance(ORPHAN_GRACE_MS)
    expect(await cancelDue()).toBe(1)
    expect(applications().map((a) => a.status)).toEqual(['CANCELLED'])
    const row = await t.db.db
      .selectFrom('partner_quotes')
      .select('underwriting_cancelled_at')
      .where('id', '=', quote.quoteId)
      .executeTakeFirstOrThrow()
    expect(row.underwriting_cancelled_at).not.toBeNull()
    // Done once: the next sweep asks nothing.
    expect(await cancelDue()).toBe(0)
    const cancels = await t.db.db
      .selectFrom('partner_calls')
      .select('outcome')
      .where('operation', '=', 'cancel')
      .execute()
    expect(cancels).toEqual([{ outcome: 'ok' }])
  })

  it('a cancel the partner cannot take now is tried again by the next sweep', async () => {
    const { clock, buyer } = await setUp()
    const quote = await buyer.quoted('ht-accident')
    t.faults({ mode: 'down', operations: ['underwrite'], times: 2 })
    expect((await buyer.apply(quote.quoteId)).statusCode).toBe(503)
    clock.advance(QUOTE_TTL_MS + ORPHAN_GRACE_MS)
    t.faults({ mode: 'serverError', operations: ['cancel'], times: 2 })
    expect(await cancelDue()).toBe(0)
    // Nothing was made at the partner (the connection dropped before it): NOT_FOUND is done too.
    expect(await cancelDue()).toBe(1)
    expect(applications()).toHaveLength(0)
  })

  it('an unpaid order that is cancelled has its underwriting withdrawn; a paid one is never touched', async () => {
    const { buyer } = await setUp()
    const unpaid = await buyer.applied('ht-accident')
    const paid = await buyer.applied('ht-travel')
    await buyer.pay(paid.orderId)
    await t.settle()
    const cancelled = await buyer.call('POST', `/api/orders/${unpaid.orderId}/cancel`)
    expect(cancelled.statusCode).toBe(200)

    expect(await cancelDue()).toBe(1)
    const byNo = (no: string) => applications().find((a) => a.applyNo === no)?.status
    expect(byNo(unpaid.underwritingNo)).toBe('CANCELLED')
    expect(byNo(paid.underwritingNo)).toBe('ISSUED')
  })

  it('an unpaid order past its payment window has its underwriting withdrawn', async () => {
    const { clock, buyer } = await setUp()
    const { orderId, underwritingNo } = await buyer.applied('ht-accident')
    expect((await buyer.call('POST', `/api/orders/${orderId}/pay`, { channel: 'wechat' })).statusCode).toBe(
      200,
    )
    expect(await cancelDue()).toBe(0)
    clock.advance(ORDER_PAYMENT_WINDOW_MS)
    expect(await cancelDue()).toBe(1)
    expect(applications().find((a) => a.applyNo === underwritingNo)?.status).toBe('CANCELLED')
    const row = await t.db.db
      .selectFrom('partner_orders')
      .select('cancelled_at')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.cancelled_at).not.toBeNull()
  })
})
