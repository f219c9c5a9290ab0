import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsBatch, AnalyticsEvent } from '../../src/types/generated/api/analytics'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'

// The ingest of browser events (docs/analytics.md#ingest): checked and bounded batches, times on our clock,
// duplicates kept once, the anonymous `aid` cookie, opting out, the rate per visitor and per network (exact with
// requests in parallel: run on PostgreSQL too).

const clock = testClock() // 2026-11-22 12:00 in Shanghai
let test: TestApp
let ids = 0
let networks = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
})
afterAll(async () => test.close())

const eventId = () => `ev-${String(++ids).padStart(6, '0')}-${randomBytes(4).toString('hex')}`
const iso = (ms: number) => new Date(ms).toISOString()

function view(extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    eventId: eventId(),
    kind: 'page_view',
    at: clock.now().toISOString(),
    session: 'session-0001',
    pageId: 'spring-page',
    pageVersion: 3,
    phase: 'live',
    source: 'share',
    ...extra,
  }
}

const batch = (events: AnalyticsEvent[], sentAt = clock.now().getTime()): AnalyticsBatch => ({
  events: events as AnalyticsBatch['events'],
  sentAt: iso(sentAt),
})

/** A network of its own for each caller (the per-network limit stays out of the way). */
const network = () => `10.${60 + Math.floor(++networks / 250)}.${networks % 250}.9`

function send(body: unknown, options: { headers?: Record<string, string>; ip?: string; type?: string } = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: options.ip ?? network(),
    headers: { 'content-type': options.type ?? 'application/json', ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function stored(eventIds: string[]) {
  if (!eventIds.length) return []
  return test.db.db
    .selectFrom('analytics_events')
    .selectAll()
    .select(sql<string>`day::text`.as('day_text'))
    .where('event_id', 'in', eventIds)
    .orderBy('occurred_at')
    .execute()
}

const visitorCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === 'aid')

describe('the ingest of browser events', () => {
  it('stores a batch, answers 204 and gives the browser an anonymous id it keeps', async () => {
    const first = [view(), view({ kind: 'block_impression', blockId: 'hero' })]
    const answer = await send(batch(first), { ip: '10.1.2.3' })
    expect(answer.statusCode).toBe(204)
    expect(answer.body).toBe('')
    const cookie = visitorCookie(answer)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 180 * 24 * 3600 })
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const rows = await stored(first.map((e) => e.eventId))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      kind: 'page_view',
      visitor: cookie?.value,
      session: 'session-0001',
      page_id: 'spring-page',
      page_version: 3,
      phase: 'live',
      source: 'share',
      ip_prefix: '10.1.2.0/24',
      day_text: '2026-11-22',
    })
    expect(rows[1]).toMatchObject({ kind: 'block_impression', block_id: 'hero' })

    // The same browser again: its id is kept, no new cookie.
    const again = [view()]
    const second = await send(batch(again), { headers: { cookie: `aid=${cookie?.value}` } })
    expect(second.statusCode).toBe(204)
    expect(visitorCookie(second)).toBeUndefined()
    expect((await stored([again[0].eventId]))[0].visitor).toBe(cookie?.value)
  })

  it('takes a text/plain body (sendBeacon with a string) like JSON', async () => {
    const events = [view()]
    const answer = await send(JSON.stringify(batch(events)), { type: 'text/plain;charset=UTF-8' })
    expect(answer.statusCode).toBe(204)
    expect(await stored([events[0].eventId])).toHaveLength(1)
    const bad = await send('{"events": [', { type: 'text/plain' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_JSON' } })
  })

  it('keeps an event sent twice once: the same batch again, and two identical batches at once', async () => {
    const cookie = { cookie: `aid=${randomBytes(16).toString('base64url')}` }
    const events = [view(), view({ kind: 'block_click', blockId: 'cta' })]
    expect((await send(batch(events), { headers: cookie })).statusCode).toBe(204)
    expect((await send(batch(events), { headers: cookie })).statusCode).toBe(204)
    expect(await stored(events.map((e) => e.eventId))).toHaveLength(2)

    const parallel = [view(), view(), view({ kind: 'block_click', blockId: 'cta' })]
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(batch(parallel), { headers: cookie })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204])
    expect(await stored(parallel.map((e) => e.eventId))).toHaveLength(3)
    // The same id twice within one batch, too.
    const twice = view()
    expect((await send(batch([twice, twice]), { headers: cookie })).statusCode).toBe(204)
    expect(await stored([twice.eventId])).toHaveLength(1)
  })

  it('refuses a malformed event with a 400 naming the field in Chinese, and stores nothing of its batch', async () => {
    const good = view()
    const badSource = await send(batch([good, view({ source: 'tv' as AnalyticsEvent['source'] })]))
    expect(badSource.statusCode).toBe(400)
    expect(badSource.json()).toMatchObject({
      error: {
        code: 'INVALID_INPUT',
        message: '访问来源（events.1.source）的取值不在允许范围内',
        details: [{ field: 'events.1.source' }],
      },
    })
    const noBlock = await send(batch([good, view({ kind: 'block_click' })]))
    expect(noBlock.statusCode).toBe(400)
    expect(noBlock.json()).toMatchObject({
      error: { message: '组件事件缺少组件（events.1.blockId）', details: [{ field: 'events.1.blockId' }] },
    })
    const noStep = await send(batch([view({ kind: 'funnel', pageId: undefined })]))
    expect(noStep.json()).toMatchObject({ error: { details: [{ field: 'events.0.step' }] } })
    const badId = await send(batch([view({ eventId: 'x' })]))
    expect(badId.statusCode).toBe(400)
    expect(badId.json()).toMatchObject({ error: { details: [{ field: 'events.0.eventId' }] } })
    const badTime = await send({ events: [good], sentAt: 'yesterday' })
    expect(badTime.statusCode).toBe(400)
    expect(badTime.json()).toMatchObject({ error: { details: [{ field: 'sentAt' }] } })
    const phone = await send(batch([{ ...good, phone: '13800000000' } as AnalyticsEvent]))
    expect(phone.json()).toMatchObject({ error: { message: '不支持的字段：events.0.phone' } })
    expect(await stored([good.eventId])).toHaveLength(0)
  })

  it('bounds a batch: 50 events, 32 KB', async () => {
    const tooMany = await send(batch(Array.from({ length: 51 }, () => view())))
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({ error: { details: [{ field: 'events' }] } })
    expect((await send(batch(Array.from({ length: 50 }, () => view())))).statusCode).toBe(204)

    const padded = JSON.stringify(batch([view()])).replace('{', `{${' '.repeat(33 * 1024)}`)
    const tooBig = await send(padded)
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({
      error: { code: 'BODY_TOO_LARGE', message: '请求内容过大（上限 32 KB）' },
    })
  })

  it('puts event times on the server clock and drops what is over 7 days old or ahead by over 5 minutes', async () => {
    const now = clock.now().getTime()
    // This browser's clock is 1 hour behind: it says it sent the batch at 11:00 when it is 12:00 here.
    const sentAt = now - 3600_000
    const recent = view({ at: iso(sentAt - 60_000) })
    // 23:59 on 21 Nov in Shanghai by our clock (its own: 22:59): filed under the 21st.
    const lateEvening = view({ at: iso(Date.parse('2026-11-21T15:59:00Z') - 3600_000) })
    const old = view({ at: iso(sentAt - 7 * 24 * 3600_000 - 60_000) })
    const ahead = view({ at: iso(sentAt + 6 * 60_000) })
    const slightlyAhead = view({ at: iso(sentAt + 4 * 60_000) })
    const answer = await send(batch([recent, lateEvening, old, ahead, slightlyAhead], sentAt))
    expect(answer.statusCode).toBe(204)
    const rows = await stored([recent, lateEvening, old, ahead, slightlyAhead].map((e) => e.eventId))
    expect(rows.map((r) => [r.event_id, r.occurred_at.toISOString(), r.day_text])).toEqual([
      [lateEvening.eventId, '2026-11-21T15:59:00.000Z', '2026-11-21'],
      [recent.eventId, iso(now - 60_000), '2026-11-22'],
      [slightlyAhead.eventId, iso(now + 4 * 60_000), '2026-11-22'],
    ])
    expect(rows.every((r) => r.received_at.getTime() === now)).toBe(true)
  })

  it('files a funnel step under the block click that led to it, within 7 days', async () => {
    const now = clock.now().getTime()
    const touch = { pageId: 'ab-page', blockId: 'buy-now', experimentId: 'exp-1', variant: 'B' }
    const led = view({
      kind: 'funnel',
      step: 'product',
      productId: 'p-medical-million',
      pageId: undefined,
      touch: { ...touch, at: iso(now - 2 * 24 * 3600_000) },
    })
    const stale = view({
      kind: 'funnel',
      step: 'notice',
      pageId: undefined,
      touch: { ...touch, at: iso(now - 8 * 24 * 3600_000) },
    })
    expect((await send(batch([led, stale]))).statusCode).toBe(204)
    const rows = await stored([led.eventId, stale.eventId])
    expect(rows.find((r) => r.event_id === led.eventId)).toMatchObject({
      kind: 'funnel',
      step: 'product',
      product_id: 'p-medical-million',
      page_id: 'ab-page',
      block_id: 'buy-now',
      experiment_id: 'exp-1',
      variant: 'B',
    })
    expect(rows.find((r) => r.event_id === stale.eventId)).toMatchObject({
      step: 'notice',
      page_id: null,
      block_id: null,
      variant: null,
    })
  })

  it('keeps nothing and gives no id to a visitor who opted out (the switch, Do Not Track, GPC)', async () => {
    const refusals: Record<string, string>[] = [
      { cookie: 'analytics_off=1' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ]
    for (const headers of refusals) {
      const events = [view()]
      const answer = await send(batch(events), { headers })
      expect(answer.statusCode).toBe(204)
      expect(answer.headers['set-cookie']).toBeUndefined()
      expect(await stored([events[0].eventId])).toHaveLength(0)
    }
    // Even one who has an id from before.
    const events = [view()]
    const known = await send(batch(events), {
      headers: { cookie: `aid=${randomBytes(16).toString('base64url')}`, dnt: '1' },
    })
    expect(known.statusCode).toBe(204)
    expect(await stored([events[0].eventId])).toHaveLength(0)
  })

  it('stores no phone, name, user or order id: a logged-in visitor is still only their anonymous id', async () => {
    const phone = '13712340001'
    const session = await loginAs(test.app, phone, '10.33.0.1')
    const user = await test.db.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
    const events = [view()]
    const answer = await send(batch(events), { headers: { cookie: session } })
    expect(answer.statusCode).toBe(204)
    const [row] = await stored([events[0].eventId])
    const values = Object.values(row).map((v) => (v instanceof Date ? v.toISOString() : String(v)))
    expect(values.some((v) => v.includes(phone) || v === String(user.id))).toBe(false)
    expect(row.visitor).toBe(visitorCookie(answer)?.value)

    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'analytics_events'`.execute(
      test.db.db,
    )
    expect(columns.map((c) => c.name).filter((c) => /user|phone|name|order|cert|id_no/.test(c))).toEqual([])
  })
})

describe('the rate of a visitor and of a network', () => {
  it('accepts exactly 60 batches a minute from one visitor, however many arrive at once, then 429', async () => {
    const ip = network()
    const first = await send(batch([view()]), { ip })
    const cookie = `aid=${visitorCookie(first)?.value}`
    const answers = await Promise.all(
      Array.from({ length: 79 }, () => send(batch([view()]), { ip, headers: { cookie } })),
    )
    const codes = [first, ...answers].map((a) => a.statusCode)
    expect(codes.filter((c) => c === 204)).toHaveLength(60)
    expect(codes.filter((c) => c === 429)).toHaveLength(20)
    const refused = answers.find((a) => a.statusCode === 429)
    expect(refused?.json()).toEqual({
      error: { code: 'ANALYTICS_TOO_FREQUENT', message: '统计数据上报过于频繁，请稍后再试' },
    })
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0)
    const hits = await test.db.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('visitor', '=', cookie.slice(4))
      .executeTakeFirstOrThrow()
    expect(Number(hits.n)).toBe(60)

    // The next minute, again.
    clock.advance(60_000)
    expect((await send(batch([view()]), { ip, headers: { cookie } })).statusCode).toBe(204)
  })

  it('counts a network (/24) apart from its visitors: one who drops the cookie still counts', async () => {
    const { limits } = test.app.services.analyticsIngest
    const kept = limits.perNetwork
    limits.perNetwork = 5
    try {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) => send(batch([view()]), { ip: `10.250.7.${i + 1}` })),
      )
      expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(5)
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4)
    } finally {
      limits.perNetwork = kept
    }
  })
})
