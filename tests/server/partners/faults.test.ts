import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCEPTED_CHECK_MS } from '../../../server/modules/partners/issuing'
import { json, testClock } from '../helpers'
import { as, staffLogin } from '../studioHelpers'
import { createPartnerApp, PartnerBuyer, quoteBody, type PartnerTestApp } from './partnerFlow'

// The sandbox partner's switches as test tools: each one, and what OUR side does about it.

let t: PartnerTestApp
afterEach(async () => t.close())

async function setUp(timeoutMs = 300) {
  const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
  t = await createPartnerApp({
    now: clock.now,
    partners: { sandbox: { issueDelayMs: 10 }, huating: { timeoutMs, retries: 1, retryDelayMs: 10 } },
  })
  const buyer = await PartnerBuyer.login(t.app)
  return { clock, buyer }
}

async function paidOrder(buyer: PartnerBuyer) {
  const { orderId } = await buyer.applied('ht-accident')
  await buyer.pay(orderId)
  return orderId
}

const policiesOf = (orderId: string) =>
  t.db.db.selectFrom('policies').select('id').where('order_id', '=', orderId).execute()

describe('sandbox switches', () => {
  it('slow (below our timeout): the quote succeeds, after the wait', async () => {
    // A timeout far above the delay: a loaded test machine must not turn slow into a timeout.
    const { buyer } = await setUp(10_000)
    t.faults({ mode: 'slow', operations: ['quote'], delayMs: 500 })
    const res = await buyer.quote(quoteBody('ht-accident'))
    expect(res.statusCode).toBe(200)
    const calls = await t.db.db.selectFrom('partner_calls').select(['outcome', 'attempt']).execute()
    expect(calls).toEqual([{ outcome: 'ok', attempt: 1 }])
  })

  it('serverError: a quote is 503 保险公司系统繁忙 (retried once within the call); an issue waits and is retried by the job', async () => {
    const { clock, buyer } = await setUp()
    t.faults({ mode: 'serverError', operations: ['quote'], times: 2, status: 502 })
    const quote = await buyer.quote(quoteBody('ht-accident'))
    expect(quote.statusCode).toBe(503)
    expect(quote.json().error.message).toBe('保险公司系统繁忙，请稍后重试')
    const quoteCalls = await t.db.db
      .selectFrom('partner_calls')
      .select(['outcome', 'http_status'])
      .where('operation', '=', 'quote')
      .execute()
    expect(quoteCalls).toEqual([
      { outcome: 'error', http_status: 502 },
      { outcome: 'error', http_status: 502 },
    ])

    t.faults({ mode: 'serverError', operations: ['issue'], times: 2 })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({
      partnerStatus: 'ISSUING',
      message: '保险公司系统繁忙，保单将在其恢复后自动出具，结果会以消息通知您',
    })
    clock.advance(ACCEPTED_CHECK_MS)
    await t.app.services.partnerIssuing.retryDue()
    await t.settle()
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
  })

  it('loseCallback: the order waits (保单出具中), and the job’s query finds the policy', async () => {
    const { clock, buyer } = await setUp()
    t.faults({ mode: 'loseCallback', operations: ['issue'] })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(t.sandbox.lost).toHaveLength(1)
    expect(t.sandbox.deliveries).toHaveLength(0)
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'PAID', message: '保单出具中' })

    clock.advance(ACCEPTED_CHECK_MS)
    await t.app.services.partnerIssuing.retryDue()
    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
    const atPartner = t.sandbox.ledger.applications.get(t.sandbox.lost[0].applyNo)
    expect(status.partnerPolicyNo).toBe(atPartner?.policyNo)
    expect(await policiesOf(orderId)).toHaveLength(1)
  })

  it('holdCallback: nothing arrives until released (POST /__sandbox/callbacks/release), then the policy is issued once', async () => {
    const { buyer } = await setUp()
    t.faults({ mode: 'holdCallback', operations: ['issue'] })
    const orderId = await paidOrder(buyer)
    await t.settle()
    expect(t.sandbox.held).toHaveLength(1)
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUING')

    const released = await fetch(`${t.sandbox.url}/__sandbox/callbacks/release`, { method: 'POST' })
    expect(((await released.json()) as { data: { released: number } }).data.released).toBe(1)
    await t.settle()
    expect(t.sandbox.held).toHaveLength(0)
    expect(t.sandbox.deliveries.map((d) => d.status)).toEqual([200])
    expect(await buyer.partnerOrder(orderId)).toMatchObject({ status: 'ISSUED', partnerStatus: 'ISSUED' })
    expect(await policiesOf(orderId)).toHaveLength(1)
  })

  it('lateCallback: the job’s query issues first; the late callback changes nothing (one policy, one message)', async () => {
    const { clock, buyer } = await setUp()
    t.faults({ mode: 'lateCallback', operations: ['issue'], delayMs: 1500 })
    const orderId = await paidOrder(buyer)
    await t.app.services.partnerIssuing.settled()
    // The partner has issued; its callback is on its way, late.
    await vi.waitFor(() => expect([...t.sandbox.ledger.applications.values()][0]?.status).toBe('ISSUED'), {
      timeout: 5000,
    })
    clock.advance(ACCEPTED_CHECK_MS)
    await t.app.services.partnerIssuing.retryDue()
    expect((await buyer.partnerOrder(orderId)).partnerStatus).toBe('ISSUED')

    await t.settle()
    expect(t.sandbox.deliveries.map((d) => d.status)).toEqual([200])
    expect(await policiesOf(orderId)).toHaveLength(1)
    const titles = (await buyer.messages()).map((m) => m.title)
    expect(titles.filter((title) => title === '保单已出具')).toHaveLength(1)
  })
})

describe('PUT /api/sandbox/partner-faults', () => {
  it('is refused to a visitor, a consumer session and a staff session without the studio CSRF header', async () => {
    const { buyer } = await setUp()
    const body = { faults: [{ mode: 'serverError', operations: ['quote'] }] }
    const visitor = await json(t.app, { method: 'PUT', url: '/api/sandbox/partner-faults', body })
    expect(visitor.statusCode).toBe(401)
    const consumerPut = await json(t.app, {
      method: 'PUT',
      url: '/api/sandbox/partner-faults',
      body,
      headers: { cookie: buyer.cookie },
    })
    expect(consumerPut.statusCode).toBe(401)
    const editor = await staffLogin(t.app, 'editor')
    const noCsrf = await json(t.app, {
      method: 'PUT',
      url: '/api/sandbox/partner-faults',
      body,
      headers: { cookie: editor },
    })
    expect(noCsrf.statusCode).toBe(403)
    expect(noCsrf.json().error.code).toBe('STAFF_CSRF_REQUIRED')
    expect(t.sandbox.faults.list()).toEqual([])
    expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(200)
  })

  it('takes the new switches from staff', async () => {
    await setUp()
    const editor = await staffLogin(t.app, 'editor')
    const faults = [
      { mode: 'slow', operations: ['quote'], delayMs: 100 },
      { mode: 'serverError', status: 500 },
      { mode: 'loseCallback', operations: ['issue'], times: 1 },
      { mode: 'holdCallback', operations: ['issue'] },
      { mode: 'lateCallback', operations: ['issue'], delayMs: 2000 },
      { mode: 'down', operations: ['cancel'] },
    ]
    const res = await as(t.app, editor, 'PUT', '/api/sandbox/partner-faults', { faults })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ faults })
    const bad = await as(t.app, editor, 'PUT', '/api/sandbox/partner-faults', {
      faults: [{ mode: 'serverError', status: 404 }],
    })
    expect(bad.statusCode).toBe(400)
  })
})
