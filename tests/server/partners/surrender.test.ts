import { afterEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../src/types/generated/api/order'
import type { Policy } from '../../../src/types/generated/api/policy'
import { retryDelayMs } from '../../../server/modules/partners/issuing'
import { testClock } from '../helpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// The cooling-off surrender of a partner policy is a recorded request: when the partner's answer is lost (a
// timeout, an answer whose signature is bad, a dropped connection) the user is told 退保处理中 at once instead of
// a 503, the sweep asks again with the same request id until the partner answers, and the refund is made once.

let t: PartnerTestApp
afterEach(async () => t.close())

const REASON = '不需要这份保障了'
const PENDING_NOTE = '已提交退保申请，保险公司确认后将全额退款至原支付账户'

async function issuedPolicy() {
  const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
  t = await createPartnerApp({ now: clock.now })
  const buyer = await PartnerBuyer.login(t.app)
  const { orderId } = await buyer.applied('ht-accident')
  await buyer.pay(orderId)
  await t.settle()
  const { policyId, partnerPolicyNo } = await buyer.partnerOrder(orderId)
  if (!policyId || !partnerPolicyNo) throw new Error('the policy was not issued')
  const atPartner = () =>
    [...t.sandbox.ledger.applications.values()].find((a) => a.policyNo === partnerPolicyNo)!
  return { clock, buyer, orderId, policyId, atPartner }
}

const surrender = (buyer: PartnerBuyer, policyId: string) =>
  buyer.call('POST', `/api/policies/${policyId}/surrender`, { reason: REASON })

async function refundsOf(buyer: PartnerBuyer, orderId: string) {
  return (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>().refunds
}

async function sweep(clock: ReturnType<typeof testClock>, attempt = 1) {
  clock.advance(retryDelayMs(attempt))
  await t.app.services.partnerSurrenders.retryDue()
}

describe('a surrender whose answer is lost', () => {
  for (const fault of ['timeout', 'badSignature'] as const) {
    it(`${fault} on surrender: 退保处理中 (202, no 503), no second request; the sweep completes it and refunds once`, async () => {
      const { clock, buyer, orderId, policyId, atPartner } = await issuedPolicy()
      // The partner carries the surrender out; its answer never reaches us in a readable form.
      t.faults({ mode: fault, operations: ['surrender'], delayMs: 400 })
      const res = await surrender(buyer, policyId)
      expect(res.statusCode).toBe(202)
      const pending = res.json<Policy>()
      expect(pending.status).not.toBe('SURRENDERED')
      expect(pending.surrenderRequest).toMatchObject({ status: 'REQUESTED', note: PENDING_NOTE })
      await expect.poll(() => atPartner().status).toBe('SURRENDERED')

      // The page says so; no second surrender, nor its quote.
      const page = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
      expect(page.surrenderRequest?.status).toBe('REQUESTED')
      const again = await surrender(buyer, policyId)
      expect(again.statusCode).toBe(409)
      expect(again.json().error.message).toContain(PENDING_NOTE)
      const quote = await buyer.call('GET', `/api/policies/${policyId}/surrender-quote`)
      expect(quote.statusCode).toBe(409)
      expect(await refundsOf(buyer, orderId)).toEqual([])

      // The fault clears: the sweep asks again with the same request id, the partner answers as the first time.
      t.sandbox.faults.clear()
      await sweep(clock)
      const done = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
      expect(done).toMatchObject({ status: 'SURRENDERED', refundFen: 9900, surrenderRequest: null })
      expect(await refundsOf(buyer, orderId)).toEqual([
        expect.objectContaining({ amountFen: 9900, reason: 'SURRENDER' }),
      ])
      expect((await buyer.messages()).map((m) => m.title)).toContain('退保已完成')
      const calls = await t.db.db
        .selectFrom('partner_calls')
        .select('request_id')
        .where('operation', '=', 'surrender')
        .execute()
      expect(new Set(calls.map((c) => c.request_id)).size).toBe(1)
      await sweep(clock, 2)
      expect(await refundsOf(buyer, orderId)).toHaveLength(1)
    })
  }

  it('20 parallel surrenders and two sweepers: one request, one refund', async () => {
    const { clock, buyer, orderId, policyId } = await issuedPolicy()
    t.faults({ mode: 'down', operations: ['surrender'] })
    const answers = await Promise.all(Array.from({ length: 20 }, () => surrender(buyer, policyId)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, ...Array<number>(19).fill(409)])
    expect(await t.db.db.selectFrom('partner_surrenders').select('status').execute()).toEqual([
      { status: 'REQUESTED' },
    ])
    t.sandbox.faults.clear()
    clock.advance(retryDelayMs(1))
    const surrenders = t.app.services.partnerSurrenders
    await Promise.all([surrenders.retryDue(), surrenders.retryDue()])
    expect(await refundsOf(buyer, orderId)).toEqual([expect.objectContaining({ amountFen: 9900 })])
    const policy = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
    expect(policy.status).toBe('SURRENDERED')
  })

  it('the partner refuses the retried surrender: REJECTED, the user is told, the policy stays and may be asked again', async () => {
    const { clock, buyer, orderId, policyId, atPartner } = await issuedPolicy()
    t.faults({ mode: 'down', operations: ['surrender'] })
    expect((await surrender(buyer, policyId)).statusCode).toBe(202)
    // Meanwhile the partner's books say the policy cannot be surrendered.
    atPartner().status = 'FAILED'
    t.sandbox.faults.clear()
    await sweep(clock)
    const policy = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
    expect(policy.status).not.toBe('SURRENDERED')
    expect(policy.surrenderRequest?.status).toBe('REJECTED')
    expect((await buyer.messages()).map((m) => m.title)).toContain('退保未成功')
    expect(await refundsOf(buyer, orderId)).toEqual([])

    atPartner().status = 'ISSUED'
    const again = await surrender(buyer, policyId)
    expect(again.statusCode).toBe(200)
    expect(again.json<Policy>()).toMatchObject({ status: 'SURRENDERED', refundFen: 9900 })
  })
})
