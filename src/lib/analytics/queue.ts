import type { AnalyticsBatch, AnalyticsEvent } from '../../types/generated/api/analytics'

// The tracker's queue: events wait a few seconds and go in batches of at most 50 (the ingest's limit), each with
// the browser's time of sending (sentAt: the server corrects this clock's offset). Bounded: beyond `cap` the
// oldest are dropped. A batch no transport took comes back to the front and is tried again later, each time a
// little later; the server keeps an event id once, so sending one twice is harmless.

export type Send = (batch: AnalyticsBatch) => Promise<boolean>

export interface QueueOptions {
  /** A batch goes this long after its first event waits. */
  waitMs?: number
  /** At most this many events wait (the oldest are dropped). */
  cap?: number
}

export const BATCH_MAX = 50
/** The ingest takes 32 KB a batch: a batch of unusually long events goes in smaller ones. */
export const BATCH_BYTES = 30_000
const MAX_RETRY_MS = 60_000

export interface AnalyticsQueue {
  add(event: AnalyticsEvent): void
  /** Sends everything waiting now, in batches (the page hides: no waiting). */
  flush(): void
  /** Forgets everything waiting (the visitor turned counting off). */
  drop(): void
  size(): number
}

export function createQueue(send: Send, { waitMs = 5000, cap = 500 }: QueueOptions = {}): AnalyticsQueue {
  let items: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  /** Bumped by drop(): a batch sent before it does not come back. */
  let generation = 0

  function schedule(ms: number) {
    timer ??= setTimeout(() => {
      timer = undefined
      flush()
    }, ms)
  }

  function keep(events: AnalyticsEvent[]) {
    items = [...events, ...items]
    if (items.length > cap) items = items.slice(items.length - cap)
  }

  function flush() {
    clearTimeout(timer)
    timer = undefined
    while (items.length) {
      let size = Math.min(items.length, BATCH_MAX)
      const sentAt = new Date().toISOString()
      while (size > 1 && JSON.stringify(items.slice(0, size)).length > BATCH_BYTES) size = Math.ceil(size / 2)
      const events = items.splice(0, size) as AnalyticsBatch['events']
      const batch: AnalyticsBatch = { events, sentAt }
      const sentIn = generation
      void send(batch).then(
        (taken) => {
          if (taken || sentIn !== generation) {
            failures = 0
            return
          }
          failures += 1
          keep(events)
          schedule(Math.min(waitMs * 2 ** failures, MAX_RETRY_MS))
        },
        () => {},
      )
    }
  }

  function add(event: AnalyticsEvent) {
    items.push(event)
    if (items.length > cap) items = items.slice(items.length - cap)
    if (!failures && items.length >= BATCH_MAX) flush()
    else schedule(waitMs)
  }

  function drop() {
    generation += 1
    clearTimeout(timer)
    timer = undefined
    items = []
  }

  return { add, flush, drop, size: () => items.length }
}
