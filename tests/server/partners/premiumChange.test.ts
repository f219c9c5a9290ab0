import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Payment } from '../../../src/types/generated/api/payment'
import type { PartnerApplication, PremiumAgreement } from '../../../src/types/generated/api/partner'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// The partner re-prices at underwriting (the sandbox's `reprice` fault): the user who agreed to ¥99 is not charged
// ¥199 without being asked. The order is made, paying it is refused until the user agrees to the new premium, and
// what is charged is what was agreed.

let t: PartnerTestApp
let buyer: PartnerBuyer

beforeEach(async () => {
  t = await createPartnerApp({ now: () => new Date('2026-11-25T04:00:00.000Z') })
  buyer = await PartnerBuyer.login(t.app)
})
afterEach(async () => t.close())

const startPay = (who: PartnerBuyer, orderId: string) =>
  who.call('POST', `/api/orders/${orderId}/pay`, { channel: 'wechat' })
const agree = (who: PartnerBuyer, orderId: string) =>
  who.call('POST', `/api/partner/orders/${orderId}/premium-agreement`)

async function repriced(): Promise<PartnerApplication> {
  t.faults({ mode: 'reprice', operations: ['underwrite'], premiumFen: 19900, times: 1 })
  return buyer.applied('ht-accident')
}

describe('a premium re-priced at underwriting', () => {
  it('is told with the application: quoted ¥99, underwritten ¥199', async () => {
    const application = await repriced()
    expect(application.premiumFen).toBe(19900)
    expect(application.premiumChanged).toEqual({ quotedFen: 9900, premiumFen: 19900 })
    expect(await buyer.partnerOrder(application.orderId)).toMatchObject({
      status: 'PENDING_PAYMENT',
      premiumChanged: { quotedFen: 9900, premiumFen: 19900 },
    })
  })

  it('is not paid before the user agrees (409 PREMIUM_CHANGED naming both amounts); after, it is, at ¥199', async () => {
    const { orderId } = await repriced()
    const refused = await startPay(buyer, orderId)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({
      code: 'PREMIUM_CHANGED',
      message: '保险公司核保后保费由¥99调整为¥199，请确认新保费后再支付',
    })
    const payments = await t.db.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .execute()
    expect(payments).toEqual([])

    const agreed = await agree(buyer, orderId)
    expect(agreed.statusCode).toBe(200)
    expect(agreed.json<PremiumAgreement>()).toEqual({
      orderId,
      premiumFen: 19900,
      agreedAt: '2026-11-25T12:00:00.000+08:00',
    })
    // Agreeing again answers the same record.
    expect((await agree(buyer, orderId)).json()).toEqual(agreed.json())
    expect((await buyer.partnerOrder(orderId)).premiumChanged).toBeUndefined()

    const paying = await startPay(buyer, orderId)
    expect(paying.statusCode).toBe(200)
    expect(paying.json<Payment>().amountFen).toBe(19900)
    await buyer.pay(orderId)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
  })

  it("is agreed only by the order's own user; an order that was not re-priced has nothing to agree", async () => {
    const { orderId } = await repriced()
    const other = await PartnerBuyer.login(t.app, '13900139000', '10.1.0.2')
    expect((await agree(other, orderId)).statusCode).toBe(404)
    expect((await startPay(buyer, orderId)).statusCode).toBe(409)

    const plain = await buyer.applied('ht-accident')
    expect(plain.premiumChanged).toBeUndefined()
    const nothing = await agree(buyer, plain.orderId)
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json().error.code).toBe('PREMIUM_UNCHANGED')
    expect((await startPay(buyer, plain.orderId)).json<Payment>().amountFen).toBe(9900)
  })
})
