import type { TrailEvent } from '../../types/generated/api/trail'

// The browser's events of sales trails, sent in batches. An event stays queued until the server took it: a
// failed batch is sent again later with the same eventIds (the server keeps each eventId once), and so is a
// batch in flight when the page hides (an ordinary request may die with the page; a keepalive one does not).

/** What became of a batch: taken, worth sending again (network, 5xx), or never to be taken (4xx). */
export type SendOutcome = 'sent' | 'retry' | 'drop'
export type SendBatch = (trailId: string, events: TrailEvent[], keepalive: boolean) => Promise<SendOutcome>

export interface QueueOptions {
  /** Sent at once when this many are waiting. */
  batchSize?: number
  /** Else sent this long after the first one waits. */
  waitMs?: number
  /** The oldest are dropped beyond this many (a long outage must not grow memory). */
  cap?: number
}

/** The server takes 1 to 50 events a request. */
const PER_REQUEST = 50
const MAX_RETRY_MS = 60_000

interface Item {
  trailId: string
  event: TrailEvent
}

export interface TrailQueue {
  add(trailId: string, event: TrailEvent): void
  /** Sends what waits now; `keepalive` (the page hides) also resends what is in flight. */
  flush(keepalive?: boolean): Promise<void>
  /** Events not yet taken by the server. */
  size(): number
}

export function createTrailQueue(
  send: SendBatch,
  { batchSize = 10, waitMs = 3000, cap = 200 }: QueueOptions = {},
): TrailQueue {
  let items: Item[] = []
  /** In flight, and whether by keepalive. */
  const inFlight = new Map<Item, boolean>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  /** The ordinary flush under way: the next waits for it (one at a time, then what is left). */
  let running: Promise<void> | null = null

  const waiting = (keepalive = false) =>
    items.filter((item) => (keepalive ? inFlight.get(item) !== true : !inFlight.has(item)))
  function schedule(ms: number) {
    timer ??= setTimeout(() => {
      timer = undefined
      void flush()
    }, ms)
  }

  async function sendChunk(chunk: Item[], keepalive: boolean) {
    for (const item of chunk) inFlight.set(item, keepalive)
    let outcome: SendOutcome
    try {
      outcome = await send(
        chunk[0].trailId,
        chunk.map((item) => item.event),
        keepalive,
      )
    } catch {
      outcome = 'retry'
    }
    for (const item of chunk) inFlight.delete(item)
    if (outcome === 'retry') {
      failures += 1
      return
    }
    if (outcome === 'sent') failures = 0
    const done = new Set(chunk)
    items = items.filter((item) => !done.has(item))
  }

  function flush(keepalive = false): Promise<void> {
    if (keepalive) return sendWaiting(true)
    running ??= sendWaiting(false).finally(() => (running = null))
    return running
  }

  async function sendWaiting(keepalive: boolean) {
    clearTimeout(timer)
    timer = undefined
    const pending = waiting(keepalive)
    // One request per trail and at most PER_REQUEST events each.
    const chunks: Item[][] = []
    for (const trailId of new Set(pending.map((item) => item.trailId))) {
      const mine = pending.filter((item) => item.trailId === trailId)
      for (let i = 0; i < mine.length; i += PER_REQUEST) chunks.push(mine.slice(i, i + PER_REQUEST))
    }
    await Promise.all(chunks.map((chunk) => sendChunk(chunk, keepalive)))
    // Left over: failed (later, a little later each time) or added meanwhile.
    if (waiting().length) schedule(failures ? Math.min(waitMs * 2 ** failures, MAX_RETRY_MS) : waitMs)
  }

  function add(trailId: string, event: TrailEvent) {
    items.push({ trailId, event })
    if (items.length > cap) items = items.slice(items.length - cap)
    // While failing, the retry timer decides when to try again.
    if (!failures && !running && waiting().length >= batchSize) void flush()
    else schedule(waitMs)
  }

  return { add, flush, size: () => items.length }
}
