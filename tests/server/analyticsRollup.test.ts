import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/age'
import type { AnalyticsBatch, AnalyticsEvent } from '../../src/types/generated/api/analytics'
import { LOCKS } from '../../server/db/advisoryLock'
import { storeEvents, type EventRow } from '../../server/modules/analytics/ingest'
import { createPartition, partitionDays, Partitions } from '../../server/modules/analytics/partitions'
import { runAnalyticsJob } from '../../server/modules/analytics/rollup'
import { createTestApp, testClock, type TestApp } from './helpers'

// The analytics job (docs/analytics.md#storage): hourly aggregates rebuilt from raw events for every hour that
// received events (late ones too), exact and idempotent; funnel visitors; partitions made ahead and dropped after
// 180 days; order links forgotten after 7 days.

const clock = testClock(new Date('2026-11-22T04:30:00.000Z')) // 12:30 in Shanghai
let test: TestApp
let ids = 0
let networks = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
})
afterAll(async () => test.close())

const visitors = {
  a: 'visitor-aaaaaaaaaaaaaa',
  b: 'visitor-bbbbbbbbbbbbbb',
  c: 'visitor-cccccccccccccc',
}

function event(at: string, extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    eventId: `ev-${String(++ids).padStart(6, '0')}-${randomBytes(3).toString('hex')}`,
    kind: 'page_view',
    at,
    session: 'session-0001',
    pageId: 'rollup-page',
    pageVersion: 2,
    phase: 'live',
    source: 'share',
    ...extra,
  }
}

async function send(visitor: string, events: AnalyticsEvent[]) {
  const body: AnalyticsBatch = {
    events: events as AnalyticsBatch['events'],
    sentAt: clock.now().toISOString(),
  }
  const answer = await test.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: `10.70.${++networks}.1`,
    headers: { 'content-type': 'application/json', cookie: `aid=${visitor}` },
    payload: JSON.stringify(body),
  })
  expect(answer.statusCode).toBe(204)
}

const job = () =>
  runAnalyticsJob({
    database: { db: test.db.db, kind: test.db.kind },
    partitions: test.app.services.analyticsPartitions,
    now: clock.now(),
  })

async function hourly(pageId = 'rollup-page') {
  const rows = await test.db.db
    .selectFrom('analytics_hourly')
    .select([
      'hour',
      'kind',
      'block_id',
      'step',
      'variant',
      'source',
      'events',
      'visitors',
      'wins',
      'amount_fen',
    ])
    .select(sql<string>`day::text`.as('day'))
    .where('page_id', '=', pageId)
    .orderBy('hour')
    .orderBy('kind')
    .orderBy('block_id')
    .execute()
  return rows.map((r) => ({
    ...r,
    hour: r.hour.toISOString(),
    events: Number(r.events),
    visitors: Number(r.visitors),
    wins: Number(r.wins),
    amount_fen: Number(r.amount_fen),
  }))
}

async function funnelVisitors(pageId = 'rollup-page') {
  return test.db.db
    .selectFrom('analytics_visitors')
    .select(['stage', 'variant', 'visitor'])
    .select(sql<string>`day::text`.as('day'))
    .where('page_id', '=', pageId)
    .orderBy('day')
    .orderBy('stage')
    .orderBy('visitor')
    .execute()
}

describe('the analytics job', () => {
  it('counts events and distinct visitors per hour, and gives the same numbers when run again', async () => {
    // 11:10 and 12:05 in Shanghai.
    const eleven = '2026-11-22T03:10:00.000Z'
    const noon = '2026-11-22T04:05:00.000Z'
    await send(visitors.a, [
      event(eleven),
      event(eleven, { kind: 'block_click', blockId: 'hero' }),
      event(noon),
      event(noon),
    ])
    await send(visitors.b, [event(eleven), event(noon, { kind: 'block_click', blockId: 'hero' })])
    await send(visitors.c, [event(noon, { source: 'push' })])

    const report = await job()
    expect(report).toMatchObject({ days: ['2026-11-22'], hours: 2 })
    const first = await hourly()
    const base = { day: '2026-11-22', step: '', variant: '', wins: 0, amount_fen: 0 }
    expect(first).toEqual([
      {
        ...base,
        hour: eleven.slice(0, 13) + ':00:00.000Z',
        kind: 'block_click',
        block_id: 'hero',
        source: 'share',
        events: 1,
        visitors: 1,
      },
      {
        ...base,
        hour: eleven.slice(0, 13) + ':00:00.000Z',
        kind: 'page_view',
        block_id: '',
        source: 'share',
        events: 2,
        visitors: 2,
      },
      {
        ...base,
        hour: noon.slice(0, 13) + ':00:00.000Z',
        kind: 'block_click',
        block_id: 'hero',
        source: 'share',
        events: 1,
        visitors: 1,
      },
      {
        ...base,
        hour: noon.slice(0, 13) + ':00:00.000Z',
        kind: 'page_view',
        block_id: '',
        source: 'push',
        events: 1,
        visitors: 1,
      },
      {
        ...base,
        hour: noon.slice(0, 13) + ':00:00.000Z',
        kind: 'page_view',
        block_id: '',
        source: 'share',
        events: 2,
        visitors: 1,
      },
    ])
    expect(await funnelVisitors()).toEqual([
      { day: '2026-11-22', stage: 'click', variant: '', visitor: visitors.a },
      { day: '2026-11-22', stage: 'click', variant: '', visitor: visitors.b },
      { day: '2026-11-22', stage: 'view', variant: '', visitor: visitors.a },
      { day: '2026-11-22', stage: 'view', variant: '', visitor: visitors.b },
      { day: '2026-11-22', stage: 'view', variant: '', visitor: visitors.c },
    ])
    const state = await test.db.db
      .selectFrom('analytics_rollup_state')
      .select('rolled_up_to')
      .executeTakeFirstOrThrow()
    expect(state.rolled_up_to.getTime()).toBe(clock.now().getTime() - 10_000)

    // Again (the events are within the watermark's 10 s lag: read again, counted the same), and once past it.
    clock.advance(5_000)
    expect(await job()).toMatchObject({ hours: 2 })
    expect(await hourly()).toEqual(first)
    clock.advance(60_000)
    await job()
    expect(await job()).toMatchObject({ hours: 0, days: [] })
    expect(await hourly()).toEqual(first)
  })

  it('rebuilds an old day’s hour when a late event for it arrives, counting it once', async () => {
    clock.advance(60_000)
    const sixDaysAgo = new Date(clock.now().getTime() - 6 * 24 * 3600_000).toISOString()
    await send(visitors.a, [event(sixDaysAgo, { pageId: 'late-page' })])
    await job()
    const hour = new Date(Math.floor(Date.parse(sixDaysAgo) / 3600_000) * 3600_000).toISOString()
    expect(await hourly('late-page')).toMatchObject([{ day: '2026-11-16', hour, events: 1, visitors: 1 }])

    // Later, another visitor's event of that same hour arrives (a phone back online).
    clock.advance(120_000)
    await send(visitors.b, [event(sixDaysAgo, { pageId: 'late-page' })])
    const report = await job()
    expect(report?.days).toEqual(['2026-11-16'])
    expect(await hourly('late-page')).toMatchObject([{ day: '2026-11-16', hour, events: 2, visitors: 2 }])
    // Today's rows were not touched.
    expect((await hourly()).reduce((sum, r) => sum + r.events, 0)).toBe(7)
  })

  it('adds each funnel stage a visitor reached: view, click, the steps, paid', async () => {
    clock.advance(60_000)
    const at = clock.now().toISOString()
    const touch = { pageId: 'funnel-page', blockId: 'buy', experimentId: 'exp-9', variant: 'B', at }
    await send(visitors.c, [
      event(at, { pageId: 'funnel-page', experimentId: 'exp-9', variant: 'B' }),
      event(at, {
        pageId: 'funnel-page',
        kind: 'block_click',
        blockId: 'buy',
        experimentId: 'exp-9',
        variant: 'B',
      }),
      event(at, { pageId: undefined, kind: 'funnel', step: 'product', touch }),
      event(at, { pageId: undefined, kind: 'funnel', step: 'info', touch }),
      event(at, { pageId: undefined, kind: 'funnel', step: 'info', touch }),
    ])
    await job()
    expect((await funnelVisitors('funnel-page')).map((r) => [r.stage, r.variant, r.visitor])).toEqual([
      ['click', 'B', visitors.c],
      ['info', 'B', visitors.c],
      ['product', 'B', visitors.c],
      ['view', 'B', visitors.c],
    ])
    const rows = await hourly('funnel-page')
    expect(rows.find((r) => r.kind === 'funnel' && r.step === 'info')).toMatchObject({
      events: 2,
      visitors: 1,
    })
  })

  it('makes partitions ahead, drops raw partitions and visitor ids older than 180 days (their counts stay) and forgets old order links', async () => {
    const { db } = test.db
    const today = '2026-11-22'
    const old = addDays(today, -181)
    const partitions = new Partitions(db)
    const row: EventRow = {
      day: old,
      event_id: 'ev-old-000001',
      kind: 'page_view',
      occurred_at: new Date(`${old}T10:00:00+08:00`),
      received_at: clock.now(),
      visitor: visitors.a,
      page_id: 'old-page',
    }
    expect(await storeEvents(db, partitions, [row])).toBe(1)
    const now = clock.now().getTime()
    await db
      .insertInto('analytics_order_visitors')
      .values([
        { order_id: 'o-old', visitor: visitors.a, created_at: new Date(now - 8 * 24 * 3600_000) },
        { order_id: 'o-new', visitor: visitors.a, created_at: new Date(now - 24 * 3600_000) },
      ])
      .execute()

    const report = await job()
    expect(report?.dropped).toEqual([old])
    expect(report?.orderLinks).toBe(1)
    const days = await partitionDays(db)
    expect(days).not.toContain(old)
    for (let d = addDays(today, -8); d <= addDays(today, 2); d = addDays(d, 1)) expect(days).toContain(d)
    // Rolled up in the same run, before its partition went: the day's aggregate is kept.
    expect(await hourly('old-page')).toMatchObject([{ day: old, events: 1 }])
    // Its visitor ids go with it: the page's funnel visitors of that day are dropped, only the counts stay.
    const kept = await db
      .selectFrom('analytics_visitors')
      .select('visitor')
      .where('page_id', '=', 'old-page')
      .execute()
    expect(kept).toEqual([])
    const links = await db.selectFrom('analytics_order_visitors').select('order_id').execute()
    expect(links.map((l) => l.order_id)).toEqual(['o-new'])
  })

  it('makes a partition once when several ask for it at once (two processes racing)', async () => {
    const { db } = test.db
    const day = '2030-01-01'
    await Promise.all([
      createPartition(db, day),
      createPartition(db, day),
      new Partitions(db).ensure([day]),
      new Partitions(db).ensure([day]),
    ])
    expect((await partitionDays(db)).filter((d) => d === day)).toEqual([day])
    await createPartition(db, day)
  })

  it('runs in one process at a time: while another holds its lock, a run is skipped', async () => {
    // PGlite is one process's: there the job simply runs.
    if (test.db.kind !== 'postgres') return
    await test.db.db.connection().execute(async (other) => {
      await sql`SELECT pg_advisory_lock(${LOCKS.analytics})`.execute(other)
      try {
        expect(await job()).toBeNull()
      } finally {
        await sql`SELECT pg_advisory_unlock(${LOCKS.analytics})`.execute(other)
      }
    })
    expect(await job()).not.toBeNull()
  })
})
