import { afterEach, describe, expect, it } from 'vitest'
import type { PartnerHealth } from '../../../src/types/generated/api/partner'
import { DEFAULT_BREAKER } from '../../../server/modules/partners/breaker'
import { json, testClock } from '../helpers'
import { as, staffLogin } from '../studioHelpers'
import { createPartnerApp, PartnerBuyer, quoteBody, type PartnerTestApp } from './partnerFlow'

// GET /api/studio/partner-health: staff only (session and CSRF), counts only.

let t: PartnerTestApp
afterEach(async () => t?.close())

const URL = '/api/studio/partner-health'

describe('GET /api/studio/partner-health', () => {
  it('is refused to a visitor, a consumer and a staff request without CSRF', async () => {
    t = await createPartnerApp({ now: () => new Date('2026-11-25T04:00:00.000Z') })
    const buyer = await PartnerBuyer.login(t.app)
    expect((await json(t.app, { method: 'GET', url: URL })).statusCode).toBe(401)
    expect((await buyer.call('GET', URL)).statusCode).toBe(401)
    const editor = await staffLogin(t.app, 'editor')
    const noCsrf = await json(t.app, { method: 'GET', url: URL, headers: { cookie: editor } })
    expect(noCsrf.statusCode).toBe(403)
    expect((await as(t.app, editor, 'GET', URL)).statusCode).toBe(200)
  })

  it('counts calls by outcome, orders waiting to be issued, failed issues and refunds; shows the open breaker; no personal data', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    const editor = await staffLogin(t.app, 'editor')
    // One order the partner refuses at issuing (refunded), one waiting (issue down).
    t.faults({ mode: 'refuse', operations: ['issue'] })
    const failing = await buyer.applied('ht-accident')
    await buyer.pay(failing.orderId)
    await t.settle()
    expect((await buyer.partnerOrder(failing.orderId)).partnerStatus).toBe('ISSUE_FAILED')
    t.faults({ mode: 'down', operations: ['issue'] })
    const waiting = await buyer.applied('ht-travel')
    await buyer.pay(waiting.orderId)
    await t.settle()
    // The quote endpoint down five times: the breaker opens.
    t.faults({ mode: 'down', operations: ['quote'] })
    for (let i = 0; i < DEFAULT_BREAKER.failures; i++) await buyer.quote(quoteBody('ht-accident'))

    const res = await as(t.app, editor, 'GET', URL)
    expect(res.statusCode).toBe(200)
    const [huating] = res.json<PartnerHealth>().partners
    const calls = await t.db.db.selectFrom('partner_calls').select('outcome').execute()
    const count = (outcome: string) => calls.filter((c) => c.outcome === outcome).length
    expect(huating).toMatchObject({
      partner: 'huating',
      name: '华汀保险',
      breaker: { state: 'open', consecutiveFailures: DEFAULT_BREAKER.failures },
      calls: { total: calls.length, ok: count('ok'), unreachable: count('unreachable') },
      issuing: { waiting: 1 },
      failedIssues24h: 1,
      refunds24h: 1,
    })
    expect(count('unreachable')).toBeGreaterThan(0)
    expect(huating.issuing.oldestPaidAt).not.toBeNull()
    expect(huating.recentCalls.length).toBe(Math.min(20, calls.length))
    expect(huating.recentCalls[0]).toMatchObject({ operation: 'quote', outcome: 'unreachable' })
    expect(res.body).not.toContain('张三')
    expect(res.body).not.toContain('13800138000')

    // A day later the failures and refunds are out of the window; the waiting order is not.
    clock.advance(24 * 3600_000 + 60_000)
    const later = (await as(t.app, await staffLogin(t.app, 'editor'), 'GET', URL)).json<PartnerHealth>()
      .partners[0]
    expect(later).toMatchObject({ issuing: { waiting: 1 }, failedIssues24h: 0, refunds24h: 0 })
    expect(later.calls.total).toBe(0)
  })
})
