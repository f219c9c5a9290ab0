import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ageOn } from '../../src/domain/age'
import type { Quote } from '../../src/types/generated/api/quote'
import type { Renewal, RenewalList } from '../../src/types/generated/api/renewal'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import type { Order, OrderApplication } from '../../src/types/generated/api/order'
import type { Policy } from '../../src/types/generated/api/policy'
import { Buyer, CHILD_ID, selfInsured } from './ordersFlow'

// 续保: my policies ending within 60 days, priced for the insured's age on the new start date, and the
// auto-renewal switch, per user. (The 30/7/1-day reminders to the message center: reminders.test.ts.)
const clock = testClock(new Date('2026-11-22T04:00:00.000Z')) // 12:00 in Shanghai
let test: TestApp
let users = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
})
afterAll(async () => test.close())

const setShanghai = (local: string) =>
  clock.advance(Date.parse(`${local}:00.000+08:00`) - clock.now().getTime())

/** A buyer with an issued medical policy (1 year from 2026-11-23), and a way back in after the clock jumps. */
async function buyerWithPolicy() {
  setShanghai('2026-11-22T12:00')
  users += 1
  const phone = `1371000${String(users).padStart(4, '0')}`
  const buyer = new Buyer(test.app, await loginAs(test.app, phone, `10.11.0.${users}`))
  const policy = await buyer.issuedPolicy()
  const { id } = await test.db.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow()
  const again = async () => {
    const { token } = await test.app.services.sessions.create(id)
    return new Buyer(test.app, `sid=${test.app.signCookie(token)}`)
  }
  return { policy, again }
}

/** POST /api/applications renewing `policyId` with the medical product's year of cover (`extra` replaces fields). */
const startRenewal = (buyer: Buyer, policyId: string, extra: Record<string, unknown> = {}) =>
  buyer.call('POST', '/api/applications', {
    productId: 'p-medical-million',
    planCode: 'standard',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    recordingNoticeAcknowledged: true,
    renewsPolicyId: policyId,
    ...extra,
  })

describe('renewals', () => {
  it('lists a policy from 60 days before its end, priced for the insured’s age on the new start date', async () => {
    const { policy, again } = await buyerWithPolicy()
    expect((await (await again()).call('GET', '/api/renewals')).json<RenewalList>().items).toEqual([])
    setShanghai('2027-09-23T09:00') // 61 days before 2027-11-23
    expect((await (await again()).call('GET', '/api/renewals')).json<RenewalList>().items).toEqual([])
    setShanghai('2027-09-25T09:00')
    const buyer = await again()
    const list = (await buyer.call('GET', '/api/renewals')).json<RenewalList>()
    expect(list.windowDays).toBe(60)
    expect(list.items).toHaveLength(1)
    const [renewal] = list.items
    expect(renewal).toMatchObject({
      policyId: policy.id,
      policyNo: policy.policyNo,
      productId: 'p-medical-million',
      planCode: 'standard',
      lastDay: '2027-11-22',
      newStartDate: '2027-11-23',
      daysLeft: 59,
      insuredBirthDate: selfInsured.birthday,
      currentPremiumFen: policy.premiumFen,
      ageOnNewStart: ageOn(selfInsured.birthday, '2027-11-23'),
      unavailableReason: null,
      autoRenew: false,
    })
    // The same price as the premium trial for that start date and birth date.
    const quote = await json(test.app, {
      method: 'POST',
      url: '/api/quotes',
      body: {
        productId: 'p-medical-million',
        planCode: 'standard',
        birthDate: selfInsured.birthday,
        gender: 'M',
        coveragePeriod: '1y',
        paymentPeriod: 'single',
        socialInsurance: 'Y',
        effectiveDate: '2027-11-23',
      },
    })
    expect(renewal.renewalPremiumFen).toBe(quote.json<Quote>().premiumFen)
  })

  it('renews in one tap from the day the old cover ends, priced for that day, once, for the same insured', async () => {
    const { policy, again } = await buyerWithPolicy()
    let buyer = await again()
    // Not yet in the renewal window.
    const early = await startRenewal(buyer, policy.id)
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toMatchObject({ code: 'NOT_RENEWABLE', message: '保单到期前 60 天内方可续保' })

    setShanghai('2027-10-01T09:00')
    buyer = await again()
    const renewal = (await buyer.call('GET', '/api/renewals')).json<RenewalList>().items[0]
    expect(await startRenewal(buyer, policy.id, { productId: 'p-medical-mid' })).toMatchObject({
      statusCode: 409,
    })
    const stranger = new Buyer(test.app, await loginAs(test.app, '13710009999', '10.11.9.9'))
    expect((await startRenewal(stranger, policy.id)).statusCode).toBe(404)

    const application = (await startRenewal(buyer, policy.id)).json<OrderApplication>()
    expect(application.renewal).toEqual({
      policyId: policy.id,
      policyNo: policy.policyNo,
      startDate: '2027-11-23',
    })
    await buyer.confirmAll(application)
    // Another person (declared as a child of the holder) is not a renewal of this policy.
    await buyer.answerHealth(application.id, 'no', '3')
    const other = await buyer.createOrder({
      applicationId: application.id,
      insured: {
        ...selfInsured,
        name: '张小花',
        certNo: CHILD_ID,
        birthday: '2020-02-29',
        gender: 'F',
        relationType: '3',
      },
    })
    expect(other.json().error.message).toBe('续保的被保险人须与原保单一致')
    await buyer.answerHealth(application.id)

    const order = (await buyer.createOrder({ applicationId: application.id })).json<Order>()
    expect(order.premiumFen).toBe(renewal.renewalPremiumFen)
    expect((await buyer.call('GET', '/api/renewals')).json<RenewalList>().items[0].renewalOrder).toEqual({
      orderId: order.id,
      status: 'PENDING_PAYMENT',
    })
    // One live renewal order per policy.
    const twice = await buyer.readyApplication()
    const again2 = await startRenewal(buyer, policy.id)
    const second = again2.json<OrderApplication>()
    await buyer.confirmAll(second)
    await buyer.answerHealth(second.id)
    const refused = await buyer.createOrder({ applicationId: second.id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('ALREADY_RENEWED')
    expect(twice.renewal).toBeNull()

    const payment = await buyer.pay(order.id)
    await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    const { policyId } = (await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>()
    const renewed = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
    // The new cover starts where the old one ends, not tomorrow.
    expect(renewed.effectiveAt).toBe('2027-11-23T00:00:00.000+08:00')
    expect(renewed.expiresAt).toBe('2028-11-23T00:00:00.000+08:00')
  })

  it('makes one renewal order of a policy when several are sent at once', async () => {
    const { policy, again } = await buyerWithPolicy()
    setShanghai('2027-10-01T09:00')
    const buyer = await again()
    const applications: OrderApplication[] = []
    for (let i = 0; i < 6; i++) {
      const application = (await startRenewal(buyer, policy.id)).json<OrderApplication>()
      await buyer.confirmAll(application)
      await buyer.answerHealth(application.id)
      applications.push(application)
    }
    const answers = await Promise.all(applications.map((a) => buyer.createOrder({ applicationId: a.id })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.code)).toEqual(
      Array(5).fill('ALREADY_RENEWED'),
    )
  })

  it('leaves out surrendered and ended policies, and another user’s', async () => {
    const { policy, again } = await buyerWithPolicy()
    const other = await buyerWithPolicy()
    await test.db.db
      .updateTable('policies')
      .set({ surrendered_at: clock.now() })
      .where('id', '=', other.policy.id)
      .execute()
    setShanghai('2027-11-01T09:00')
    const ids = (await (await again()).call('GET', '/api/renewals'))
      .json<RenewalList>()
      .items.map((r) => r.policyId)
    expect(ids).toContain(policy.id)
    expect(ids).not.toContain(other.policy.id)
    setShanghai('2027-11-23T09:00')
    expect((await (await again()).call('GET', '/api/renewals')).json<RenewalList>().items).toEqual([])
  })

  it('says why a policy cannot be renewed when the insured is too old on the new start date', async () => {
    const { policy, again } = await buyerWithPolicy()
    await test.db.db
      .updateTable('policies')
      .set({ insured: JSON.stringify({ ...selfInsured, birthday: '1958-01-01' }) })
      .where('id', '=', policy.id)
      .execute()
    setShanghai('2027-11-01T09:00')
    const [renewal] = (await (await again()).call('GET', '/api/renewals')).json<RenewalList>().items
    expect(renewal.renewalPremiumFen).toBeNull()
    expect(renewal.unavailableReason).toMatch(/超过本产品承保年龄/)
  })

  it('switches auto-renewal per policy, only the owner’s and only in the renewal window', async () => {
    const { policy, again } = await buyerWithPolicy()
    const stranger = await buyerWithPolicy()
    const early = await (
      await again()
    ).call('PUT', `/api/policies/${policy.id}/auto-renew`, { enabled: true })
    expect(early.statusCode).toBe(409)
    expect(early.json().error.code).toBe('NOT_RENEWABLE')

    setShanghai('2027-11-01T09:00')
    const buyer = await again()
    const on = await buyer.call('PUT', `/api/policies/${policy.id}/auto-renew`, { enabled: true })
    expect(on.statusCode).toBe(200)
    expect(on.json<Renewal>()).toMatchObject({ policyId: policy.id, autoRenew: true })
    expect((await buyer.call('GET', '/api/renewals')).json<RenewalList>().items[0].autoRenew).toBe(true)

    const foreign = await (
      await stranger.again()
    ).call('PUT', `/api/policies/${policy.id}/auto-renew`, {
      enabled: false,
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.message).toBe('保单不存在')
    const bad = await buyer.call('PUT', `/api/policies/${policy.id}/auto-renew`, { enabled: 'yes' })
    expect(bad.statusCode).toBe(400)
    const off = await buyer.call('PUT', `/api/policies/${policy.id}/auto-renew`, { enabled: false })
    expect(off.json<Renewal>().autoRenew).toBe(false)
    const anonymous = await json(test.app, {
      method: 'PUT',
      url: `/api/policies/${policy.id}/auto-renew`,
      body: { enabled: true },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
