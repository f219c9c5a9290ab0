import { afterEach, describe, expect, it } from 'vitest'
import type { PartnerProduct } from '../../../src/types/generated/api/partner'
import { PartnerRejected, PartnerUnavailable } from '../../../server/modules/partners/adapter'
import { CircuitBreaker, DEFAULT_BREAKER } from '../../../server/modules/partners/breaker'
import { retryDelayMs } from '../../../server/modules/partners/issuing'
import { testClock } from '../helpers'
import { createPartnerApp, PartnerBuyer, quoteBody, type PartnerTestApp } from './partnerFlow'

// The circuit breaker in front of the partner: after consecutive "down" answers it fails calls at once (the user
// reads 保险公司系统繁忙 without waiting a timeout, the product page says so), half-opens after its cool-down and
// closes on a success; the issuing job leaves orders waiting meanwhile.

const down = () => Promise.reject(new PartnerUnavailable('unreachable', 'down'))
const up = () => Promise.resolve('ok')

describe('CircuitBreaker', () => {
  it('opens after N consecutive failures within the window, half-opens after the cool-down, closes on success', async () => {
    const clock = testClock()
    const breaker = new CircuitBreaker(clock.now)
    for (let i = 1; i < DEFAULT_BREAKER.failures; i++) await expect(breaker.run(down)).rejects.toThrow()
    expect(breaker.state()).toBe('closed')
    await expect(breaker.run(down)).rejects.toThrow()
    expect(breaker.state()).toBe('open')
    let called = false
    await expect(breaker.run(async () => (called = true))).rejects.toMatchObject({ kind: 'open' })
    expect(called).toBe(false)

    clock.advance(DEFAULT_BREAKER.coolDownMs)
    expect(breaker.state()).toBe('halfOpen')
    // The trial fails: open again for another cool-down.
    await expect(breaker.run(down)).rejects.toMatchObject({ kind: 'unreachable' })
    expect(breaker.state()).toBe('open')
    clock.advance(DEFAULT_BREAKER.coolDownMs)
    await expect(breaker.run(up)).resolves.toBe('ok')
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 0 })
  })

  it('counts only consecutive failures within the window; a refusal or a malformed answer is not "down"', async () => {
    const clock = testClock()
    const breaker = new CircuitBreaker(clock.now)
    for (let i = 1; i < DEFAULT_BREAKER.failures; i++) await expect(breaker.run(down)).rejects.toThrow()
    await expect(
      breaker.run(() => Promise.reject(new PartnerRejected('E2001', '拒保'))),
    ).rejects.toBeInstanceOf(PartnerRejected)
    await expect(breaker.run(down)).rejects.toThrow()
    expect(breaker.state()).toBe('closed')
    for (let i = 0; i < 3; i++) await expect(breaker.run(down)).rejects.toThrow()
    clock.advance(DEFAULT_BREAKER.windowMs + 1)
    await expect(breaker.run(down)).rejects.toThrow()
    await expect(
      breaker.run(() => Promise.reject(new PartnerUnavailable('malformed', 'html'))),
    ).rejects.toThrow()
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 1 })
  })
})

let t: PartnerTestApp
afterEach(async () => t?.close())

const callCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('partner_calls')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('the breaker in the app', () => {
  it('partner down: after 5 failed quotes the next is 503 at once (no call), the product says so; a success after the cool-down closes it', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    const quote = await buyer.quoted('ht-accident')
    t.faults({ mode: 'down' })
    for (let i = 0; i < DEFAULT_BREAKER.failures; i++)
      expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(503)
    const calls = await callCount()

    const fast = await buyer.quote(quoteBody('ht-accident'))
    expect(fast.statusCode).toBe(503)
    expect(fast.json().error.message).toBe('保险公司系统繁忙，请稍后重试')
    const applied = await buyer.apply(quote.quoteId)
    expect(applied.statusCode).toBe(503)
    expect(await callCount()).toBe(calls)
    const product = (await buyer.call('GET', '/api/partner/products/ht-accident')).json<PartnerProduct>()
    expect(product.available).toBe(false)

    t.faults()
    clock.advance(DEFAULT_BREAKER.coolDownMs)
    expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(200)
    expect((await buyer.apply(quote.quoteId)).statusCode).toBe(201)
    const again = (await buyer.call('GET', '/api/partner/products/ht-accident')).json<PartnerProduct>()
    expect(again.available).toBe(true)
  })

  it('partner timing out: while the breaker is open a paid order waits without an issue call or a spent attempt, and is issued after', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    const { orderId } = await buyer.applied('ht-accident')
    t.faults({ mode: 'timeout', operations: ['quote'], delayMs: 1000 })
    for (let i = 0; i < DEFAULT_BREAKER.failures; i++)
      expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(503)
    expect(t.app.services.partnerBreaker.state()).toBe('open')

    await buyer.pay(orderId)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({
      status: 'PAID',
      partnerStatus: 'ISSUING',
      message: '保险公司系统繁忙，保单将在其恢复后自动出具，结果会以消息通知您',
    })
    const issueCalls = () =>
      t.db.db.selectFrom('partner_calls').select('id').where('operation', '=', 'issue').execute()
    expect(await issueCalls()).toHaveLength(0)
    const row = await t.db.db
      .selectFrom('partner_orders')
      .select('attempts')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.attempts).toBe(0)

    t.faults()
    clock.advance(Math.max(DEFAULT_BREAKER.coolDownMs, retryDelayMs(1)))
    await t.app.services.partnerIssuing.retryDue()
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
    expect(await issueCalls()).toHaveLength(1)
  })
})
