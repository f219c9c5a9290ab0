import { afterEach, beforeEach, expect, it } from 'vitest'
import { createPartnerApp, PartnerBuyer, quoteBody, type PartnerTestApp } from './partnerFlow'

// A quote is what a person filling in the form waits on: it has its own, shorter budget (PARTNER_QUOTE_TIMEOUT_MS)
// than the other partner calls, all attempts together, with at most one retry, instead of 3 × the call timeout.

let t: PartnerTestApp
let buyer: PartnerBuyer

beforeEach(async () => {
  t = await createPartnerApp({
    partners: {
      sandbox: { issueDelayMs: 10 },
      // Other calls may take 5 s and are retried twice; a quote gets 400 ms in all.
      huating: { timeoutMs: 5000, retries: 2, retryDelayMs: 10, quoteTimeoutMs: 400 },
    },
  })
  buyer = await PartnerBuyer.login(t.app)
})
afterEach(async () => t.close())

const quoteCalls = () =>
  t.db.db
    .selectFrom('partner_calls')
    .select(['attempt', 'outcome'])
    .where('operation', '=', 'quote')
    .orderBy('attempt')
    .execute()

it('gives up a quote the partner answers only after 1.5 s: 503 请稍后重试, one attempt within the budget', async () => {
  t.faults({ mode: 'timeout', operations: ['quote'], delayMs: 1500 })
  const res = await buyer.quote(quoteBody('ht-accident'))
  expect(res.statusCode).toBe(503)
  expect(res.json().error).toMatchObject({
    code: 'PARTNER_UNAVAILABLE',
    message: '保险公司系统繁忙，请稍后重试',
  })
  expect(await quoteCalls()).toEqual([{ attempt: 1, outcome: 'timeout' }])
})

it('retries a quote at most once within its budget, and prices it when the partner recovers', async () => {
  t.faults({ mode: 'down', operations: ['quote'], times: 2 })
  expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(503)
  expect(await quoteCalls()).toEqual([
    { attempt: 1, outcome: 'unreachable' },
    { attempt: 2, outcome: 'unreachable' },
  ])
  const priced = await buyer.quote(quoteBody('ht-accident'))
  expect(priced.statusCode).toBe(200)
  expect(priced.json().premiumFen).toBe(9900)
})
