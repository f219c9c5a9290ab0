import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignVariant } from '../../src/domain/experiments'
import type { AnalyticsBatch } from '../../src/types/generated/api/analytics'
import type { DrawResult } from '../../src/types/generated/api/campaign'
import { runAnalyticsJob } from '../../server/modules/analytics/rollup'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'
import { publishPage, staffLogin, validPage } from './studioHelpers'

// Events the server records itself (docs/analytics.md#server-recorded-events): a draw, with the visitor's variant
// of the page's running test; a paid order, attributed to the visitor's last block click within 7 days. Best
// effort, anonymous (no user, order or draw id in the row), and kept once however often recorded.

const clock = testClock() // 2026-11-22 12:00 in Shanghai
let test: TestApp
let users = 0
const PAGE = 'ab-draw'
const CAMPAIGN = 'ab-draw-lottery'
const EXPERIMENT = 'exp-ab-draw'
const VARIANTS = [
  { key: 'A', version: 1, weight: 50, label: '原版' },
  { key: 'B', version: 2, weight: 50, label: '新版' },
]

const lotteryPage = (title: string) =>
  validPage(title, {
    campaigns: {
      [CAMPAIGN]: {
        kind: 'lottery',
        title,
        window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
        limits: { perUserTotal: 50 },
        prizes: [
          {
            id: 'p1',
            name: '10积分',
            weight: 1,
            stock: 100,
            costFen: 30,
            reward: { kind: 'points', amount: 10 },
          },
          { id: 'none', name: '谢谢参与', weight: 1, reward: { kind: 'nothing' } },
        ],
      },
    },
    blocks: [
      { type: 'title', text: title },
      { type: 'lottery', id: 'draw', campaign: CAMPAIGN },
    ],
  })

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
  const publisher = await staffLogin(test.app, 'publisher')
  await publishPage(test.app, publisher, PAGE, lotteryPage('抽奖原版'))
  await publishPage(test.app, publisher, PAGE, lotteryPage('抽奖新版'))
  const staff = await test.db.db.selectFrom('staff_users').select('id').executeTakeFirstOrThrow()
  await test.db.db
    .insertInto('page_experiments')
    .values({
      id: EXPERIMENT,
      page_id: PAGE,
      name: '新版抽奖页',
      status: 'running',
      variants: JSON.stringify(VARIANTS),
      goal: JSON.stringify({ kind: 'draw' }),
      baseline_rate: 0.1,
      min_effect: 0.02,
      sample_per_variant: 3000,
      started_at: clock.now(),
      created_by: staff.id,
      created_at: clock.now(),
    })
    .execute()
}, 60_000)
afterAll(async () => test.close())

/** A visitor id (the `aid` cookie) whose variant in the test is `variant`. */
function visitorIn(variant: string): string {
  for (let i = 0; ; i++) {
    const id = `visitor-${String(i).padStart(14, '0')}`
    if (assignVariant(EXPERIMENT, id, VARIANTS) === variant) return id
  }
}

async function user(): Promise<{ cookie: string; phone: string }> {
  users += 1
  const phone = `1375000${String(users).padStart(4, '0')}`
  return { cookie: await loginAs(test.app, phone, `10.80.0.${users}`), phone }
}

const draw = (cookie: string) =>
  json(test.app, { method: 'POST', url: `/api/campaigns/${CAMPAIGN}/draws`, headers: { cookie } })

async function eventsOf(visitor: string, kind: string) {
  return test.db.db
    .selectFrom('analytics_events')
    .selectAll()
    .where('visitor', '=', visitor)
    .where('kind', '=', kind as 'campaign_draw')
    .orderBy('occurred_at')
    .execute()
}

describe('server-recorded events', () => {
  it('records a draw of a visitor with their variant of the page’s running test, and nothing without a visitor', async () => {
    const { cookie, phone } = await user()
    const visitor = visitorIn('B')
    const drawn = await draw(`${cookie}; aid=${visitor}`)
    expect(drawn.statusCode).toBe(200)
    const result = drawn.json<DrawResult>()
    const [row] = await eventsOf(visitor, 'campaign_draw')
    expect(row).toMatchObject({
      campaign_id: CAMPAIGN,
      page_id: PAGE,
      experiment_id: EXPERIMENT,
      variant: 'B',
      page_version: 2,
      won: result.draw.won,
      session: null,
      ip_prefix: '127.0.0.0/24',
    })
    expect(row.event_id).toMatch(/^draw-[A-Za-z0-9_-]{22}$/)
    // A prize won records its cost (the prize's costFen); 谢谢参与 none.
    expect(row.amount_fen === null ? null : Number(row.amount_fen)).toBe(result.draw.won ? 30 : null)
    // Anonymous: neither the draw's id nor the user's is in it.
    const userId = (
      await test.db.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()
    ).id
    expect(JSON.stringify(row)).not.toContain(result.draw.id)
    expect(Object.values(row).map(String)).not.toContain(String(userId))

    const other = visitorIn('A')
    expect((await draw(`${cookie}; aid=${other}`)).statusCode).toBe(200)
    expect((await eventsOf(other, 'campaign_draw'))[0]).toMatchObject({ variant: 'A', page_version: 1 })

    // No visitor id, or one who opted out: the draw happens, nothing is recorded.
    const before = await test.db.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'campaign_draw')
      .executeTakeFirstOrThrow()
    expect((await draw(cookie)).statusCode).toBe(200)
    expect((await draw(`${cookie}; aid=${visitor}; analytics_off=1`)).statusCode).toBe(200)
    const after = await test.db.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'campaign_draw')
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('gives a server event an id from what it records: recorded twice, kept once', async () => {
    const { analytics } = test.app.services
    expect(analytics.eventId('order_paid', 'o-1')).toBe(analytics.eventId('order_paid', 'o-1'))
    expect(analytics.eventId('order_paid', 'o-1')).not.toBe(analytics.eventId('order_paid', 'o-2'))
    expect(analytics.eventId('campaign_draw', 'o-1')).toMatch(/^draw-/)
  })

  it('attributes a paid order to the visitor’s last block click within 7 days: page, block, variant', async () => {
    const visitor = visitorIn('B')
    const now = clock.now().getTime()
    const click = (blockId: string, at: number, variant = 'B') => ({
      eventId: `click-${blockId}-${at}`,
      kind: 'block_click' as const,
      at: new Date(at).toISOString(),
      session: 'session-paid-1',
      pageId: PAGE,
      pageVersion: 2,
      experimentId: EXPERIMENT,
      variant,
      blockId,
    })
    const batch: AnalyticsBatch = {
      events: [
        click('old-banner', now - 8 * 24 * 3600_000),
        click('draw', now - 3 * 3600_000),
        click('hero', now - 3600_000),
      ],
      sentAt: new Date(now).toISOString(),
    }
    // The 8-day-old click is dropped by the ingest anyway; the newest within 7 days leads.
    const sent = await json(test.app, {
      method: 'POST',
      url: '/api/analytics/events',
      headers: { cookie: `aid=${visitor}` },
      body: batch,
    })
    expect(sent.statusCode).toBe(204)

    const { cookie } = await user()
    const buyer = new Buyer(test.app, `${cookie}; aid=${visitor}`)
    const order = await buyer.order()
    const link = await test.db.db
      .selectFrom('analytics_order_visitors')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirst()
    expect(link?.visitor).toBe(visitor)

    clock.advance(10 * 60_000)
    const payment = await buyer.pay(order.id)
    expect((await buyer.simulate(payment.paymentId, 'SUCCEEDED')).statusCode).toBe(200)
    const paid = await eventsOf(visitor, 'order_paid')
    expect(paid).toHaveLength(1)
    expect(paid[0]).toMatchObject({
      step: 'paid',
      page_id: PAGE,
      block_id: 'hero',
      experiment_id: EXPERIMENT,
      variant: 'B',
      page_version: 2,
      product_id: order.productId,
      occurred_at: clock.now(),
    })
    expect(Number(paid[0].amount_fen)).toBe(order.premiumFen)
    expect(JSON.stringify(paid[0])).not.toContain(order.id)
    // The link is gone once used; recording the payment again keeps one event.
    expect(
      await test.db.db
        .selectFrom('analytics_order_visitors')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute(),
    ).toEqual([])
    await test.app.services.analytics.orderPaid({
      orderId: order.id,
      amountFen: order.premiumFen,
      productId: order.productId,
      paidAt: clock.now(),
    })
    expect(await eventsOf(visitor, 'order_paid')).toHaveLength(1)

    // Rolled up: the page's funnel has this visitor's 'paid' stage under variant B, and the hour its amount.
    await runAnalyticsJob({
      database: { db: test.db.db, kind: test.db.kind },
      partitions: test.app.services.analyticsPartitions,
      now: clock.now(),
    })
    const stages = await test.db.db
      .selectFrom('analytics_visitors')
      .select(['stage', 'variant'])
      .where('page_id', '=', PAGE)
      .where('visitor', '=', visitor)
      .orderBy('stage')
      .execute()
    expect(stages).toEqual(
      expect.arrayContaining([
        { stage: 'click', variant: 'B' },
        { stage: 'paid', variant: 'B' },
      ]),
    )
    const { rows } = await sql<{ amount: string; events: string }>`
      SELECT sum(amount_fen)::text AS amount, sum(events)::text AS events FROM analytics_hourly
       WHERE page_id = ${PAGE} AND kind = 'order_paid' AND block_id = 'hero' AND variant = 'B'`.execute(
      test.db.db,
    )
    expect(rows[0]).toEqual({ amount: String(order.premiumFen), events: '1' })
  })

  it('records an order paid by a visitor who clicked nothing without a page, and no order of a browser without an id', async () => {
    const visitor = 'visitor-noclicks000000'
    const { cookie } = await user()
    const buyer = new Buyer(test.app, `${cookie}; aid=${visitor}`)
    const order = await buyer.order()
    const payment = await buyer.pay(order.id)
    await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    expect(await eventsOf(visitor, 'order_paid')).toMatchObject([
      { page_id: null, block_id: null, step: 'paid' },
    ])

    const anonymous = new Buyer(test.app, (await user()).cookie)
    const untracked = await anonymous.order()
    expect(
      await test.db.db
        .selectFrom('analytics_order_visitors')
        .selectAll()
        .where('order_id', '=', untracked.id)
        .execute(),
    ).toEqual([])
  })
})
