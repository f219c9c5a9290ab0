import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import type { Policy, PolicyShareLink, SurrenderQuote } from '../../src/types/generated/api/policy'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer, HOLDER_ID } from './ordersFlow'

let test: TestApp
const clock = testClock() // starts 2026-11-22 12:00 Asia/Shanghai
let buyer: Buyer
let users = 0

const newBuyer = async () => {
  users += 1
  return new Buyer(
    test.app,
    await loginAs(test.app, `1360000${String(users).padStart(4, '0')}`, `10.0.3.${users}`),
  )
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())
beforeEach(async () => {
  buyer = await newBuyer()
})

describe('policies', () => {
  it('shows the electronic policy with masked certificate numbers, to its owner only', async () => {
    const policy = await buyer.issuedPolicy()
    expect(policy.holder).toMatchObject({
      name: '张三',
      certNoMasked: '1101**********8515',
      birthday: '1990-03-07',
    })
    expect(JSON.stringify(policy)).not.toContain(HOLDER_ID)
    expect(policy.coverages.length).toBeGreaterThan(0)
    expect(policy.clauses.length).toBeGreaterThan(0)
    const other = await newBuyer()
    expect((await other.call('GET', `/api/policies/${policy.id}`)).statusCode).toBe(404)
    expect((await other.call('GET', '/api/policies')).json<{ items: Policy[] }>().items).toEqual([])
    expect((await test.app.inject({ method: 'GET', url: `/api/policies/${policy.id}` })).statusCode).toBe(401)
  })

  it('moves from 待生效 to 保障中 at 00:00 next day and filters by status', async () => {
    await buyer.issuedPolicy()
    const pending = await buyer.call('GET', '/api/policies?status=PENDING_EFFECTIVE')
    expect(pending.json<{ items: Policy[] }>().items).toHaveLength(1)
    clock.advance(24 * 3600_000)
    const inForce = await buyer.call('GET', '/api/policies?status=IN_FORCE')
    expect(inForce.json<{ items: Policy[] }>().items.map((p) => p.status)).toEqual(['IN_FORCE'])
    expect((await buyer.call('GET', '/api/policies?status=LOST')).statusCode).toBe(400)
  })

  it('opens through a signed link without login, and refuses tampered or expired links in Chinese', async () => {
    const policy = await buyer.issuedPolicy()
    const link = (await buyer.call('POST', `/api/policies/${policy.id}/share-link`)).json<PolicyShareLink>()
    expect(link.url).toBe(`/policy/policyDetaiU?token=${encodeURIComponent(link.token)}`)
    const shared = await test.app.inject({
      method: 'GET',
      url: `/api/policies/shared?token=${encodeURIComponent(link.token)}`,
    })
    expect(shared.statusCode).toBe(200)
    expect(shared.json<Policy>().policyNo).toBe(policy.policyNo)

    // Another policy's id under this signature, or a later expiry, is refused.
    const [id, expires, signature] = link.token.split('.')
    const tampered = [`${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`, expires, signature].join('.')
    const extended = [id, String(Number(expires) + 86_400_000), signature].join('.')
    for (const token of [tampered, extended, 'garbage']) {
      const res = await test.app.inject({
        method: 'GET',
        url: `/api/policies/shared?token=${encodeURIComponent(token)}`,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toEqual({
        code: 'POLICY_LINK_INVALID',
        message: '保单链接无效，请核对短信中的链接',
      })
    }
    clock.advance(7 * 24 * 3600_000)
    const expired = await test.app.inject({
      method: 'GET',
      url: `/api/policies/shared?token=${encodeURIComponent(link.token)}`,
    })
    expect(expired.statusCode).toBe(403)
    expect(expired.json().error.code).toBe('POLICY_LINK_EXPIRED')
  })

  it('surrenders within the cooling-off period with a full refund, once', async () => {
    const policy = await buyer.issuedPolicy()
    clock.advance(10 * 24 * 3600_000)
    const res = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Policy>()).toMatchObject({ status: 'SURRENDERED', refundFen: policy.premiumFen })
    expect((await buyer.call('GET', `/api/orders/${policy.orderId}`)).json<Order>().status).toBe(
      'SURRENDERED',
    )
    const again = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('ALREADY_SURRENDERED')
  })

  it('credits 1 point per yuan when the policy is issued, and takes them back with a surrender', async () => {
    const policy = await buyer.issuedPolicy()
    const earned = Math.floor(policy.premiumFen / 100)
    expect(earned).toBeGreaterThan(0)
    const points = async () => (await buyer.call('GET', '/api/points')).json<{ point: { usable: number } }>()
    expect((await points()).point.usable).toBe(earned)
    // A sign-in's points are the user's own: the clawback takes only the policy's.
    expect((await buyer.call('POST', '/api/sign-in')).statusCode).toBe(200)
    clock.advance(3 * 24 * 3600_000)
    expect(
      (await buyer.call('POST', `/api/policies/${policy.id}/surrender`, { reason: '不需要这份保障了' }))
        .statusCode,
    ).toBe(200)
    expect((await points()).point.usable).toBe(5)
    const ledger = (await buyer.call('GET', '/api/points/ledger')).json<{
      items: { title: string; amount: number }[]
    }>()
    expect(ledger.items.map((e) => [e.title, e.amount])).toEqual([
      ['退保扣回', -earned],
      ['每日签到', 5],
      ['投保奖励', earned],
    ])
  })

  it('says before a surrender what is refunded, where and when, and the points taken back; needs a reason', async () => {
    const policy = await buyer.issuedPolicy()
    const earned = Math.floor(policy.premiumFen / 100)
    clock.advance(24 * 3600_000)
    const quoted = await buyer.call('GET', `/api/policies/${policy.id}/surrender-quote`)
    expect(quoted.statusCode).toBe(200)
    const quote = quoted.json<SurrenderQuote>()
    expect(quote).toMatchObject({
      refundFen: policy.premiumFen,
      refundTo: '微信支付',
      arrival: '预计 3 个工作日内',
      // The points of this policy, as far as still usable (earlier tests' points are spent or taken back).
      pointsClawback: earned,
    })
    expect(quote.reasons).toContain('不需要这份保障了')
    // Without a reason, or with one not on the list, nothing happens.
    const none = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, {})
    expect(none.statusCode).toBe(400)
    const made = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, { reason: '随便' })
    expect(made.statusCode).toBe(400)
    expect(made.json().error).toMatchObject({ details: [{ field: 'reason', message: '请选择退保原因' }] })
    const done = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, { reason: '保费超出预算' })
    expect(done.statusCode).toBe(200)
    expect(done.json<Policy>()).toMatchObject({ refundFen: quote.refundFen, surrenderReason: '保费超出预算' })
    // The refund recorded is the amount shown.
    const refunds = await test.db.db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select('r.amount_fen')
      .where('p.order_id', '=', policy.orderId as string)
      .execute()
    expect(refunds.map((r) => r.amount_fen)).toEqual([quote.refundFen])
    const ledger = (await buyer.call('GET', '/api/points/ledger')).json<{
      items: { title: string; amount: number }[]
    }>()
    expect(ledger.items[0]).toEqual(
      expect.objectContaining({ title: '退保扣回', amount: -quote.pointsClawback }),
    )
  })

  it('refuses an online full-refund surrender after the cooling-off period', async () => {
    const policy = await buyer.issuedPolicy()
    clock.advance(Date.parse(policy.coolingOffEndsAt) - clock.now().getTime())
    const res = await buyer.call('POST', `/api/policies/${policy.id}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      code: 'COOLING_OFF_ENDED',
      message: '已过犹豫期，无法在线全额退保，请联系客服办理',
    })
    const other = await newBuyer()
    expect(
      (await other.call('POST', `/api/policies/${policy.id}/surrender`, { reason: '不需要这份保障了' }))
        .statusCode,
    ).toBe(404)
  })

  it('lists a policy issued through a partner API product with its source', async () => {
    const res = await buyer.call('POST', '/api/sandbox/partner-policies', {
      productId: 'p-travel-domestic',
      holder: { name: '张三', certNo: HOLDER_ID },
    })
    expect(res.statusCode).toBe(200)
    const policy = res.json<Policy>()
    expect(policy).toMatchObject({
      source: 'partner-api',
      orderId: null,
      status: 'PENDING_EFFECTIVE',
      holder: { birthday: '1990-03-07', gender: 'M' },
    })
    expect(
      (await buyer.call('GET', '/api/policies')).json<{ items: Policy[] }>().items.map((p) => p.source),
    ).toEqual(['partner-api'])
    const bad = await buyer.call('POST', '/api/sandbox/partner-policies', {
      productId: 'p-travel-domestic',
      holder: { name: '张三', certNo: '110101199003078516' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details).toEqual([
      { field: 'holder.certNo', message: '身份证号校验位不正确，请核对' },
    ])
  })
})
