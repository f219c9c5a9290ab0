import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BATCH_BYTES, BATCH_MAX, createQueue } from '../../../../src/lib/analytics/queue'
import type { AnalyticsEvent } from '../../../../src/types/generated/api/analytics'
import { ingest } from './support'

// The queue against a stand-in for the ingest: batches of at most 50, each with its sentAt, a few seconds after
// the first event waits; bounded; a batch no transport took is tried again, later.

let n = 0
const event = (): AnalyticsEvent => ({
  eventId: `event-${String(++n).padStart(6, '0')}`,
  kind: 'page_view',
  at: new Date().toISOString(),
  session: 'session-0001',
  pageId: 'spring',
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.parse('2026-12-01T10:00:00+08:00'))
})
afterEach(() => vi.useRealTimers())

describe('the analytics queue', () => {
  it('sends what waits a few seconds after the first event, in one batch with the time it was sent', async () => {
    const api = ingest()
    const queue = createQueue(api.send, { waitMs: 5000 })
    const first = [event(), event(), event()]
    queue.add(first[0])
    await vi.advanceTimersByTimeAsync(2000)
    queue.add(first[1])
    queue.add(first[2])
    await vi.advanceTimersByTimeAsync(2999)
    expect(api.send).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(api.batches).toHaveLength(1)
    expect(api.batches[0].events.map((e) => e.eventId)).toEqual(first.map((e) => e.eventId))
    expect(api.batches[0].sentAt).toBe('2026-12-01T02:00:05.000Z')
    expect(queue.size()).toBe(0)
  })

  it('sends a full batch of 50 at once and never more than 50 in one', async () => {
    const api = ingest()
    const queue = createQueue(api.send, { waitMs: 5000 })
    for (let i = 0; i < 120; i++) queue.add(event())
    expect(api.batches.map((b) => b.events.length)).toEqual([BATCH_MAX, BATCH_MAX])
    queue.flush()
    expect(api.batches.map((b) => b.events.length)).toEqual([50, 50, 20])
    expect(new Set(api.events().map((e) => e.eventId)).size).toBe(120)
  })

  it('splits a batch of unusually long events so that each stays under the size limit of the ingest', () => {
    const api = ingest()
    const queue = createQueue(api.send)
    const long = 'x'.repeat(150)
    for (let i = 0; i < 50; i++)
      queue.add({
        ...event(),
        kind: 'funnel',
        pageId: undefined,
        step: 'info',
        productId: long,
        touch: {
          pageId: long,
          blockId: long,
          experimentId: long,
          variant: 'B',
          at: new Date().toISOString(),
        },
      })
    expect(api.batches.map((b) => b.events.length)).toEqual([25, 25])
    for (const batch of api.batches) expect(JSON.stringify(batch).length).toBeLessThan(BATCH_BYTES + 200)
  })

  it('keeps at most `cap` events: the oldest go', () => {
    const api = ingest()
    const queue = createQueue(api.send, { cap: 30 })
    const all = Array.from({ length: 45 }, event)
    all.forEach((e) => queue.add(e))
    expect(queue.size()).toBe(30)
    queue.flush()
    expect(api.events().map((e) => e.eventId)).toEqual(all.slice(15).map((e) => e.eventId))
  })

  it('tries a batch no transport took again later, and forgets it all when dropped', async () => {
    const answers = [false, true]
    const sent: string[][] = []
    const queue = createQueue(
      async (batch) => {
        sent.push(batch.events.map((e) => e.eventId))
        return answers.shift() ?? true
      },
      { waitMs: 1000 },
    )
    const kept = event()
    queue.add(kept)
    queue.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.size()).toBe(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(sent).toEqual([[kept.eventId], [kept.eventId]])
    expect(queue.size()).toBe(0)

    queue.add(event())
    queue.drop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sent).toHaveLength(2)
  })
})
