import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { trailEvent } from '../../../../src/features/trail/event'
import { createTrailQueue, type SendOutcome } from '../../../../src/features/trail/queue'

// The queue against a stand-in for the server: what reaches it, in which batches, and what is sent again.

interface Batch {
  trailId: string
  eventIds: string[]
  keepalive: boolean
}

/** A server answering each batch with the next outcome given (then 'sent'), recording what it got. */
function server(outcomes: SendOutcome[] = []) {
  const batches: Batch[] = []
  const send = async (trailId: string, events: { eventId: string }[], keepalive: boolean) => {
    batches.push({ trailId, eventIds: events.map((e) => e.eventId), keepalive })
    return outcomes.shift() ?? 'sent'
  }
  return { batches, send }
}

const events = (n: number) => Array.from({ length: n }, () => trailEvent('screen_enter', '/product?id=p1'))

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the trail event queue', () => {
  it('sends a full batch at once and a smaller one a few seconds after it waits', async () => {
    const api = server()
    const queue = createTrailQueue(api.send, { batchSize: 10, waitMs: 3000 })
    const first = events(10)
    first.slice(0, 9).forEach((e) => queue.add('t1', e))
    await vi.advanceTimersByTimeAsync(0)
    expect(api.batches).toHaveLength(0)
    queue.add('t1', first[9])
    await vi.advanceTimersByTimeAsync(0)
    expect(api.batches.map((b) => b.eventIds)).toEqual([first.map((e) => e.eventId)])

    const later = events(3)
    later.forEach((e) => queue.add('t1', e))
    await vi.advanceTimersByTimeAsync(2999)
    expect(api.batches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(api.batches[1].eventIds).toEqual(later.map((e) => e.eventId))
    expect(queue.size()).toBe(0)
  })

  it('sends each trail its own events', async () => {
    const api = server()
    const queue = createTrailQueue(api.send)
    const [a, b] = events(2)
    queue.add('t1', a)
    queue.add('t2', b)
    await queue.flush()
    expect(api.batches.map((x) => [x.trailId, x.eventIds])).toEqual([
      ['t1', [a.eventId]],
      ['t2', [b.eventId]],
    ])
  })

  it('sends a failed batch again later with the same eventIds, and nothing once it is taken', async () => {
    const api = server(['retry', 'retry'])
    const queue = createTrailQueue(api.send, { waitMs: 3000 })
    const sent = events(4)
    sent.forEach((e) => queue.add('t1', e))
    await vi.advanceTimersByTimeAsync(3000)
    expect(api.batches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.batches).toHaveLength(3)
    for (const batch of api.batches) expect(batch.eventIds).toEqual(sent.map((e) => e.eventId))
    expect(queue.size()).toBe(0)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.batches).toHaveLength(3)
  })

  it('waits longer after each failure instead of sending on every new event', async () => {
    const api = server(['retry'])
    const queue = createTrailQueue(api.send, { batchSize: 10, waitMs: 3000 })
    events(10).forEach((e) => queue.add('t1', e))
    await vi.advanceTimersByTimeAsync(0)
    expect(api.batches).toHaveLength(1)
    // Offline: ten more do not make a request of their own.
    events(10).forEach((e) => queue.add('t1', e))
    await vi.advanceTimersByTimeAsync(3000)
    expect(api.batches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(api.batches).toHaveLength(2)
    expect(api.batches[1].eventIds).toHaveLength(20)
  })

  it('keeps only the newest events beyond its cap, sent at most 50 a request once back online', async () => {
    let online = false
    const batches: Batch[] = []
    const queue = createTrailQueue(
      async (trailId, sent, keepalive) => {
        batches.push({ trailId, eventIds: sent.map((e) => e.eventId), keepalive })
        return online ? 'sent' : 'retry'
      },
      { cap: 200 },
    )
    // A long outage: everything fails while events keep coming.
    const all = events(260)
    for (const e of all) {
      queue.add('t1', e)
      await vi.advanceTimersByTimeAsync(500)
    }
    expect(queue.size()).toBe(200)
    const offline = batches.length
    online = true
    await vi.advanceTimersByTimeAsync(120_000)
    const received = batches.slice(offline)
    expect(received.every((b) => b.eventIds.length <= 50)).toBe(true)
    expect(received.flatMap((b) => b.eventIds)).toEqual(all.slice(-200).map((e) => e.eventId))
    expect(queue.size()).toBe(0)
  })

  it('drops a batch the server refuses (sending it again would not help)', async () => {
    const api = server(['drop'])
    const queue = createTrailQueue(api.send)
    events(2).forEach((e) => queue.add('t1', e))
    await queue.flush()
    expect(queue.size()).toBe(0)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.batches).toHaveLength(1)
  })

  it('sends with keepalive when the page hides, the batch in flight included', async () => {
    let answer: (outcome: SendOutcome) => void = () => undefined
    const batches: Batch[] = []
    const queue = createTrailQueue((trailId, sent, keepalive) => {
      batches.push({ trailId, eventIds: sent.map((e) => e.eventId), keepalive })
      return keepalive ? Promise.resolve('sent') : new Promise((resolve) => (answer = resolve))
    })
    const sent = events(3)
    sent.forEach((e) => queue.add('t1', e))
    void queue.flush()
    await queue.flush(true)
    expect(batches.map((b) => b.keepalive)).toEqual([false, true])
    expect(batches[1].eventIds).toEqual(sent.map((e) => e.eventId))
    expect(queue.size()).toBe(0)
    answer('retry')
    await vi.advanceTimersByTimeAsync(600_000)
    expect(batches).toHaveLength(2)
  })
})
