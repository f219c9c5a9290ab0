import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import type { Payment } from '../../src/types/generated/api/payment'
import type { Policy } from '../../src/types/generated/api/policy'
import { POLICY_NO_PATTERN } from '../../src/domain/policy'
import { SandboxPaymentProvider, type SandboxCallback } from '../../server/modules/payments/providers/sandbox'
import { formatReport, reconcilePayments } from '../../server/modules/payments/reconcile'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry } from './idempotencyCrash'
import { Buyer, holder, insertGiftProduct, selfInsured } from './ordersFlow'

let test: TestApp
const clock = testClock() // starts 2026-11-22 12:00 Asia/Shanghai
let buyer: Buyer
let users = 0
let sandbox: SandboxPaymentProvider
const faults = { loseAnswerOnSend: false }

const newBuyer = async () => {
  users += 1
  return new Buyer(
    test.app,
    await loginAs(test.app, `1370000${String(users).padStart(4, '0')}`, `10.0.2.${users}`),
  )
}

function deliver(callback: SandboxCallback) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/callback/sandbox',
    headers: callback.headers,
    payload: callback.body,
  })
}

/** The payer pays on the sandbox page, but the sandbox's callback is held back (a slow network). */
async function captureHeld(paymentId: string, outcome: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') {
  const captured = await sandbox.capture(paymentId, outcome)
  if (!captured.ok) throw new Error(captured.reason)
  return captured.callback
}

async function policiesOf(b: Buyer) {
  return (await b.call('GET', '/api/policies')).json<{ items: Policy[] }>().items
}

const orderOf = async (b: Buyer, id: string) => (await b.call('GET', `/api/orders/${id}`)).json<Order>()

async function paymentRows(orderId: string) {
  return test.db.db
    .withTables<{ payments: { id: string; order_id: string; status: string; created_at: Date } }>()
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('order_id', '=', orderId)
    .execute()
}

function reconcile(apply = false) {
  const { payments, refunds } = test.app.services
  return reconcilePayments({
    db: test.db.db,
    provider: sandbox,
    payments,
    refunds,
    since: new Date(0),
    now: clock.now(),
    apply,
  })
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, idempotencyFaults: faults })
  sandbox = test.app.services.sandbox as SandboxPaymentProvider
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
    const callback = await captureHeld(payment.paymentId)
    const first = await deliver(callback)
    const replay = await deliver(callback)
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200])
    // A second, different success event for the same payment changes nothing either.
    const another = sandbox.callback({
      kind: 'payment',
      subjectId: payment.paymentId,
      outcome: 'SUCCEEDED',
      amountFen: payment.amountFen,
    })
    expect((await deliver(another)).statusCode).toBe(200)
    expect(await policiesOf(buyer)).toHaveLength(1)
    expect((await orderOf(buyer, order.id)).refunds).toEqual([])
    // The sandbox page cannot pay it again.
    const again = await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('PAYMENT_NOT_PENDING')
  })

  it('rejects callbacks with a forged signature or a changed amount', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const fields = { kind: 'payment', subjectId: payment.paymentId, outcome: 'SUCCEEDED' } as const
    const stranger = new SandboxPaymentProvider(test.db.db, clock.now, { current: 'someone-elses-secret' })
    const forged = stranger.callback({ ...fields, amountFen: payment.amountFen })
    expect((await deliver(forged)).statusCode).toBe(401)
    const genuine = sandbox.callback({ ...fields, amountFen: payment.amountFen })
    const cheaper = {
      ...genuine,
      body: genuine.body.replace(`"amountFen":${payment.amountFen}`, '"amountFen":1'),
    }
    const res = await deliver(cheaper)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('INVALID_SIGNATURE')
    expect(
      (await deliver({ ...genuine, headers: { ...genuine.headers, 'x-pay-signature': 'nothex' } }))
        .statusCode,
    ).toBe(401)
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

describe('money an order cannot keep goes back to the payer', () => {
  it('refunds a capture that arrives after the order was cancelled', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const held = await captureHeld(payment.paymentId)
    const cancelled = await buyer.call('POST', `/api/orders/${order.id}/cancel`)
    expect(cancelled.json<Order>().status).toBe('CLOSED')
    expect((await deliver(held)).statusCode).toBe(200)

    const after = await orderOf(buyer, order.id)
    expect(after.status).toBe('CLOSED')
    expect(after.policyId).toBeNull()
    expect(after.refunds).toEqual([
      {
        id: expect.stringMatching(/^rf_[0-9a-f]{24}$/),
        amountFen: order.premiumFen,
        status: 'SUCCEEDED',
        reason: 'ORDER_CLOSED',
        createdAt: expect.any(String),
        settledAt: expect.any(String),
      },
    ])
    expect(await policiesOf(buyer)).toEqual([])
    expect((await buyer.call('GET', `/api/payments/${payment.paymentId}`)).json<Payment>().status).toBe(
      'REFUNDED',
    )
    // The sandbox's own books show the money returned.
    expect(await sandbox.queryPayment(payment.paymentId)).toMatchObject({ state: 'REFUNDED' })
    // A replay of the same capture refunds nothing twice.
    expect((await deliver(held)).statusCode).toBe(200)
    expect((await orderOf(buyer, order.id)).refunds).toHaveLength(1)
  })

  it('keeps one of two captures of one order and refunds the other; surrender refunds the kept one', async () => {
    const order = await buyer.order()
    const first = await buyer.pay(order.id)
    const heldFirst = await captureHeld(first.paymentId)
    // The payer, unsure, asks for a new code and pays that too; the first callback arrives last.
    const second = await buyer.pay(order.id)
    expect((await buyer.simulate(second.paymentId, 'SUCCEEDED')).statusCode).toBe(200)
    const statusOf = async (id: string) => (await paymentRows(order.id)).find((p) => p.id === id)?.status
    expect([await statusOf(first.paymentId), await statusOf(second.paymentId)]).toEqual([
      'EXPIRED',
      'SUCCEEDED',
    ])
    expect((await deliver(heldFirst)).statusCode).toBe(200)

    expect([await statusOf(first.paymentId), await statusOf(second.paymentId)]).toEqual([
      'REFUNDED',
      'SUCCEEDED',
    ])
    const issued = await orderOf(buyer, order.id)
    expect(issued.status).toBe('ISSUED')
    expect(issued.refunds).toMatchObject([
      { amountFen: order.premiumFen, reason: 'ALREADY_PAID', status: 'SUCCEEDED' },
    ])
    const policies = await policiesOf(buyer)
    expect(policies).toHaveLength(1)

    const surrendered = await buyer.call('POST', `/api/policies/${policies[0].id}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(surrendered.statusCode).toBe(200)
    const refunds = (await orderOf(buyer, order.id)).refunds
    expect(refunds.map((r) => [r.reason, r.amountFen, r.status]).sort()).toEqual([
      ['ALREADY_PAID', order.premiumFen, 'SUCCEEDED'],
      ['SURRENDER', order.premiumFen, 'SUCCEEDED'],
    ])
    // Both captures went back: nothing kept for a surrendered policy.
    expect([await statusOf(first.paymentId), await statusOf(second.paymentId)]).toEqual([
      'REFUNDED',
      'REFUNDED',
    ])
  })

  it('never keeps two payments of one order, even when both captures race', async () => {
    const order = await buyer.order()
    const a = await buyer.pay(order.id)
    const heldA = await captureHeld(a.paymentId)
    const b = await buyer.pay(order.id)
    const heldB = await captureHeld(b.paymentId)
    const results = await Promise.all([deliver(heldA), deliver(heldB)])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200])
    const statuses = (await paymentRows(order.id)).map((p) => p.status).sort()
    expect(statuses).toEqual(['REFUNDED', 'SUCCEEDED'])
    expect(await policiesOf(buyer)).toHaveLength(1)
  })

  it('lets a failure never undo a success, and keeps a success that follows a failure', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    await deliver(await captureHeld(payment.paymentId))
    const lateFailure = sandbox.callback({
      kind: 'payment',
      subjectId: payment.paymentId,
      outcome: 'FAILED',
      amountFen: payment.amountFen,
    })
    expect((await deliver(lateFailure)).statusCode).toBe(200)
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
    expect((await buyer.call('GET', `/api/payments/${payment.paymentId}`)).json<Payment>().status).toBe(
      'SUCCEEDED',
    )

    const other = await buyer.order()
    const retried = await buyer.pay(other.id)
    expect((await deliver(await captureHeld(retried.paymentId, 'FAILED'))).statusCode).toBe(200)
    expect((await orderOf(buyer, other.id)).status).toBe('PAY_FAILED')
    // The payer tries again on the same code and it goes through: the order is still payable, so it is kept.
    expect((await deliver(await captureHeld(retried.paymentId))).statusCode).toBe(200)
    expect((await orderOf(buyer, other.id)).status).toBe('ISSUED')
  })

  it('refuses callbacks signed more than 15 minutes ago, and accepts the previous secret while secrets rotate', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    const held = await captureHeld(payment.paymentId)
    clock.advance(15 * 60_000 + 1000)
    const stale = await deliver(held)
    expect(stale.statusCode).toBe(400)
    expect(stale.json().error).toMatchObject({ code: 'CALLBACK_STALE' })
    expect((await orderOf(buyer, order.id)).status).not.toBe('ISSUED')

    const rotated = await createTestApp({
      now: clock.now,
      sandboxSecrets: { current: 'secret-of-this-quarter', previous: 'secret-of-last-quarter' },
    })
    try {
      const db = rotated.db.db
      const signer = (current: string) => new SandboxPaymentProvider(db, clock.now, { current })
      const send = (current: string) => {
        const cb = signer(current).callback({
          kind: 'payment',
          subjectId: 'pay_unknown',
          outcome: 'SUCCEEDED',
          amountFen: 1,
        })
        return rotated.app.inject({
          method: 'POST',
          url: '/api/payments/callback/sandbox',
          headers: cb.headers,
          payload: cb.body,
        })
      }
      // Genuine (signature accepted, then the unknown payment is a 404) with either secret; a third is forged.
      expect((await send('secret-of-this-quarter')).statusCode).toBe(404)
      expect((await send('secret-of-last-quarter')).statusCode).toBe(404)
      expect((await send('secret-of-someone-else')).statusCode).toBe(401)
    } finally {
      await rotated.close()
    }
  })

  it('closes a superseded QR code at the provider, so it can no longer be paid', async () => {
    const order = await buyer.order()
    const first = await buyer.pay(order.id)
    await buyer.pay(order.id)
    const res = await buyer.simulate(first.paymentId, 'SUCCEEDED')
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('该二维码已失效，请返回重新发起支付')
  })
})

describe('reconciliation (npm run reconcile)', () => {
  it('finds a capture whose callback was lost, settles it with apply, and then reports the books agree', async () => {
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    await captureHeld(payment.paymentId) // the callback never arrives
    const before = await reconcile()
    const line = before.lines.find((l) => l.paymentId === payment.paymentId)
    expect(line).toMatchObject({ problem: '渠道已扣款，本地未入账（支付通知丢失）', settled: false })
    expect(formatReport(before)).toContain(`差异：渠道已扣款，本地未入账`)

    const applied = await reconcile(true)
    expect(applied.lines.find((l) => l.paymentId === payment.paymentId)?.settled).toBe(true)
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
    const after = await reconcile()
    expect(
      formatReport(after)
        .split('\n')
        .filter((l) => l.includes('差异')),
    ).toEqual([])
    expect(after.differences).toBe(0)
    expect(formatReport(after)).toContain('结果：本地与渠道一致')
  })
})

describe('Idempotency-Key on the writes that move money', () => {
  it('answers a repeated order submission with the first order, and a changed one with 409', async () => {
    const application = await buyer.readyApplication()
    const key = { 'idempotency-key': 'order-key-0001' }
    const body = { applicationId: application.id, holder, insured: selfInsured }
    const first = await buyer.call('POST', '/api/orders', body, key)
    const again = await buyer.call('POST', '/api/orders', body, key)
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json<Order>().id).toBe(first.json<Order>().id)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const changed = await buyer.call('POST', '/api/orders', { ...body, displayedPremiumFen: 1 }, key)
    expect(changed.statusCode).toBe(409)
    expect(changed.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    // Without a key, a second submission is refused as before (one application, one order).
    expect((await buyer.call('POST', '/api/orders', body)).json().error.code).toBe('APPLICATION_USED')
  })

  it('starts one payment for parallel pay requests with one key; another user may use the same key', async () => {
    const order = await buyer.order()
    const key = { 'idempotency-key': 'pay-tap-00000001' }
    const taps = await Promise.all(
      Array.from({ length: 4 }, () =>
        buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' }, key),
      ),
    )
    expect(taps.map((t) => t.statusCode)).toEqual([200, 200, 200, 200])
    expect(new Set(taps.map((t) => t.json<Payment>().paymentId)).size).toBe(1)
    expect(await paymentRows(order.id)).toHaveLength(1)
    const other = await newBuyer()
    const theirs = await other.order()
    expect(
      (await other.call('POST', `/api/orders/${theirs.id}/pay`, { channel: 'wechat' }, key)).statusCode,
    ).toBe(200)
  })

  it('replays an error as it was, and refuses a malformed key naming the header', async () => {
    const order = await buyer.order()
    await buyer.call('POST', `/api/orders/${order.id}/cancel`)
    const key = { 'idempotency-key': 'pay-closed-0001' }
    const first = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' }, key)
    const replay = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' }, key)
    expect([first.statusCode, replay.statusCode]).toEqual([409, 409])
    expect(replay.body).toBe(first.body)
    const bad = await buyer.call(
      'POST',
      `/api/orders/${order.id}/pay`,
      { channel: 'wechat' },
      { 'idempotency-key': 'x' },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('idempotency-key')
  })

  it('creates one order and one payment when the process dies before their answers, and the keys are sent again', async () => {
    const application = await buyer.readyApplication()
    const body = { applicationId: application.id, holder, insured: selfInsured }
    const order = (
      await crashThenRetry({ db: test.db, faults }, 'order-crash-0001', (headers) =>
        buyer.call('POST', '/api/orders', body, headers),
      )
    ).json<Order>()
    await crashThenRetry({ db: test.db, faults }, 'pay-crash-000001', (headers) =>
      buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' }, headers),
    )
    expect(await paymentRows(order.id)).toEqual([{ id: expect.any(String), status: 'PENDING' }])
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

  it('issues one policy when the process dies before the answer of /skiPay, and the key is sent again', async () => {
    const giftId = await insertGiftProduct(test.db.db, 'p-test-gift-crash')
    const application = await buyer.readyApplication(giftId, 'gift', '30d')
    const address = {
      recipient: '张三',
      phone: '13800138000',
      region: '上海市 徐汇区',
      detail: '漕溪北路100号',
    }
    const order = (await buyer.createOrder({ applicationId: application.id, address })).json<Order>()
    const skipped = await crashThenRetry({ db: test.db, faults }, 'skip-pay-crash-1', (headers) =>
      buyer.call('POST', `/api/orders/${order.id}/skip-pay`, undefined, headers),
    )
    expect(skipped.json<Order>().status).toBe('ISSUED')
    expect(await policiesOf(buyer)).toHaveLength(1)
  })
})
