import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import type { Payment } from '../../src/types/generated/api/payment'
import type { Policy } from '../../src/types/generated/api/policy'
import { POLICY_NO_PATTERN } from '../../src/domain/policy'
import { SandboxPaymentProvider, SIGNATURE_HEADER } from '../../server/payments/sandbox'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { Buyer, insertGiftProduct } from './ordersFlow'

let test: TestApp
const clock = testClock() // starts 2026-11-22 12:00 Asia/Shanghai
let buyer: Buyer
let users = 0
const sandbox = new SandboxPaymentProvider()

const newBuyer = async () => {
  users += 1
  return new Buyer(
    test.app,
    await loginAs(test.app, `1370000${String(users).padStart(4, '0')}`, `10.0.2.${users}`),
  )
}

function callback(body: unknown, signature: string) {
  return json(test.app, {
    method: 'POST',
    url: '/api/payments/callback/sandbox',
    headers: { [SIGNATURE_HEADER]: signature },
    body,
  })
}

async function policiesOf(b: Buyer) {
  return (await b.call('GET', '/api/policies')).json<{ items: Policy[] }>().items
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())
beforeEach(async () => {
  buyer = await newBuyer()
})

describe('paying an order in the sandbox', () => {
  it('gives a QR code valid 5 minutes and issues the policy on the signed success callback', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id, 'wechat')
    expect(payment).toMatchObject({
      orderId: order.id,
      channel: 'wechat',
      amountFen: order.premiumFen,
      status: 'PENDING',
    })
    expect(payment.qrContent).toMatch(/\/pay\/sandbox\?paymentId=pay_[0-9a-f]{24}$/)
    expect(Date.parse(payment.expiresAt) - clock.now().getTime()).toBe(5 * 60_000)

    const done = await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    expect(done.statusCode).toBe(200)
    expect(done.json<Payment>().status).toBe('SUCCEEDED')

    const paid = (await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>()
    expect(paid.status).toBe('ISSUED')
    expect(paid.paidAt).not.toBeNull()
    const [policy] = await policiesOf(buyer)
    expect(policy.id).toBe(paid.policyId)
    expect(policy.policyNo).toMatch(POLICY_NO_PATTERN)
    expect(policy.policyNo.slice(2, 10)).toBe('20261122')
    // Bought at 12:00 on 22 Nov (Shanghai): cover starts 23 Nov 00:00 +08:00, cooling-off ends 15 days later.
    expect(policy).toMatchObject({
      status: 'PENDING_EFFECTIVE',
      effectiveAt: '2026-11-23T00:00:00.000+08:00',
      expiresAt: '2027-11-23T00:00:00.000+08:00',
      coolingOffEndsAt: '2026-12-08T00:00:00.000+08:00',
      premiumFen: order.premiumFen,
      source: 'mall',
    })
  })

  it('issues one policy when the same callback arrives twice', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const notification = sandbox.notification(payment.paymentId, 'SUCCEEDED', payment.amountFen, clock.now())
    const signature = sandbox.sign(notification)
    const first = await callback(notification, signature)
    const replay = await callback(notification, signature)
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200])
    // A second, different success event for the same payment changes nothing either.
    const another = sandbox.notification(payment.paymentId, 'SUCCEEDED', payment.amountFen, clock.now())
    expect((await callback(another, sandbox.sign(another))).statusCode).toBe(200)
    expect(await policiesOf(buyer)).toHaveLength(1)
    // The sandbox page cannot pay it again.
    const again = await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('PAYMENT_NOT_PENDING')
  })

  it('rejects callbacks with a forged signature or a changed amount', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const notification = sandbox.notification(payment.paymentId, 'SUCCEEDED', payment.amountFen, clock.now())
    const forged = new SandboxPaymentProvider('someone-elses-secret').sign(notification)
    expect((await callback(notification, forged)).statusCode).toBe(401)
    const cheaper = { ...notification, amountFen: 1 }
    const res = await callback(cheaper, sandbox.sign(notification))
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('INVALID_SIGNATURE')
    expect((await callback(notification, 'nothex')).statusCode).toBe(401)
    expect((await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('PENDING_PAYMENT')
  })

  it('marks a failed payment and lets the buyer pay again', async () => {
    const order = await buyer.order()
    const first = await buyer.pay(order.id, 'alipay')
    expect((await buyer.simulate(first.paymentId, 'FAILED')).json<Payment>().status).toBe('FAILED')
    expect((await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('PAY_FAILED')
    const second = await buyer.pay(order.id, 'bankcard')
    await buyer.simulate(second.paymentId, 'SUCCEEDED')
    expect((await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('ISSUED')
  })

  it('expires a QR code after 5 minutes and a new one replaces it', async () => {
    const order = await buyer.order()
    const first = await buyer.pay(order.id)
    clock.advance(5 * 60_000)
    expect((await buyer.call('GET', `/api/payments/${first.paymentId}`)).json<Payment>().status).toBe(
      'EXPIRED',
    )
    expect((await buyer.simulate(first.paymentId, 'SUCCEEDED')).statusCode).toBe(409)
    const fresh = await buyer.pay(order.id)
    expect(fresh.paymentId).not.toBe(first.paymentId)
    expect(fresh.status).toBe('PENDING')
    // A new code never outlives the order's own 30 minutes.
    clock.advance(23 * 60_000)
    const late = await buyer.pay(order.id)
    expect(Date.parse(late.expiresAt)).toBe(Date.parse(order.expiresAt))
  })

  it('lets nobody else pay or read the payment, and refuses a paid order', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const other = await newBuyer()
    expect((await other.call('GET', `/api/payments/${payment.paymentId}`)).statusCode).toBe(404)
    expect((await other.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })).statusCode).toBe(
      404,
    )
    await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    const again = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('ORDER_NOT_PAYABLE')
  })
})

describe('zero-premium orders (/skiPay) and postal address', () => {
  it('needs the address, then issues without payment', async () => {
    const giftId = await insertGiftProduct(test.db.db)
    const application = await buyer.readyApplication(giftId, 'gift', '30d')
    const missing = await buyer.createOrder({ applicationId: application.id })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.code).toBe('ADDRESS_REQUIRED')
    const badPhone = await buyer.createOrder({
      applicationId: application.id,
      address: { recipient: '张三', phone: '123', region: '上海市 徐汇区', detail: '漕溪北路100号' },
    })
    expect(badPhone.json().error.details).toEqual([
      { field: 'address.phone', message: '请输入正确的收件人手机号' },
    ])
    const address = {
      recipient: '张三',
      phone: '13800138000',
      region: '上海市 徐汇区',
      detail: '漕溪北路100号',
    }
    const created = await buyer.createOrder({ applicationId: application.id, address })
    const order = created.json<Order>()
    expect(order).toMatchObject({ premiumFen: 0, address })

    const pay = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })
    expect(pay.json().error.code).toBe('FREE_ORDER')
    const skipped = await buyer.call('POST', `/api/orders/${order.id}/skip-pay`)
    expect(skipped.json<Order>().status).toBe('ISSUED')
    expect((await buyer.call('POST', `/api/orders/${order.id}/skip-pay`)).statusCode).toBe(409)
    expect(await policiesOf(buyer)).toHaveLength(1)
  })

  it('refuses /skiPay for an order that costs money', async () => {
    const order = await buyer.order()
    const res = await buyer.call('POST', `/api/orders/${order.id}/skip-pay`)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('PAYMENT_REQUIRED')
  })
})

describe('production mode', () => {
  it('has no sandbox endpoints', async () => {
    const prod = await createTestApp({
      mode: 'production',
      cookieSecret: 'x'.repeat(40),
      smsProvider: { name: 'real-sms', sendLoginCode: async () => undefined },
    })
    try {
      const simulate = await json(prod.app, {
        method: 'POST',
        url: '/api/sandbox/payments/pay_0/simulate',
        body: { outcome: 'SUCCEEDED' },
      })
      expect(simulate.statusCode).toBe(404)
      expect((await prod.app.inject({ method: 'GET', url: '/api/sandbox/payments/pay_0' })).statusCode).toBe(
        404,
      )
      const partner = await json(prod.app, {
        method: 'POST',
        url: '/api/sandbox/partner-policies',
        body: { productId: 'x', holder: { name: '张三', certNo: '1' } },
      })
      expect(partner.statusCode).toBe(404)
      // The real callback route stays: a production provider posts to it.
      const callbackRoute = await json(prod.app, {
        method: 'POST',
        url: '/api/payments/callback/sandbox',
        body: {},
      })
      expect(callbackRoute.statusCode).toBe(400)
    } finally {
      await prod.close()
    }
  })
})
