import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Notifier } from '../../platform/notify'

// Server-sent events for 在线客服: a conversation's messages as they are written, each with its number as the
// event id, so the browser's EventSource, reconnecting, says where it stopped (Last-Event-ID) and gets each
// message once. A notifier nudge (from any process) makes the stream read the database; so does a slow poll,
// in case a nudge was lost.

export interface StreamEvent {
  event: string
  data: unknown
  /** A message's number (the resume point); state events have none. */
  id?: number
}

export interface StreamSpec {
  /** Channels whose payloads concern this stream. */
  channels: readonly string[]
  concerns: (channel: string, payload: string) => boolean
  /** Where the client stopped: messages after this number are sent. */
  after: number
  /** The events after `after`, and the new resume point. */
  read: (after: number) => Promise<{ events: StreamEvent[]; last: number }>
  /** While connected, every heartbeat (the customer's page counts as online). */
  beat?: () => Promise<void>
  /** Once the connection is gone. */
  ended?: () => Promise<void>
}

const HEARTBEAT_MS = 15_000
const POLL_MS = 5_000
const LISTEN_WAIT_MS = 2_000
/** EventSource waits this long before reconnecting. */
const RETRY_MS = 1_000

const format = (e: StreamEvent) =>
  `${e.id === undefined ? '' : `id: ${e.id}\n`}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`

/** The last message number a reconnecting EventSource reports, else the query's `after`. */
export function resumePoint(request: FastifyRequest, after: number | undefined): number {
  const header = request.headers['last-event-id']
  const fromHeader = typeof header === 'string' && /^\d{1,10}$/.test(header) ? Number(header) : null
  return fromHeader ?? after ?? 0
}

/** Open streams, ended when the server closes (a stream never ends by itself). */
export class EventStreams {
  private readonly open = new Set<() => void>()

  constructor(
    private readonly notifier: Notifier,
    private readonly onError: (error: unknown) => void,
  ) {}

  get count(): number {
    return this.open.size
  }

  endAll(): void {
    for (const end of [...this.open]) end()
  }

  async serve(request: FastifyRequest, reply: FastifyReply, spec: StreamSpec): Promise<void> {
    // Listening before the first read: a message written in between would otherwise wait for the poll. A listening
    // connection that is down does not hold the stream up for long (the poll still delivers).
    const subscribed = spec.channels.map((channel) => this.notifier.subscribe(channel, () => {}))
    await Promise.race([
      Promise.all(spec.channels.map((channel) => this.notifier.listening(channel))),
      new Promise((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref()),
    ])
    subscribed.forEach((off) => off())
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies would otherwise hold the events back.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    })
    res.write(`retry: ${RETRY_MS}\n\n`)
    let last = spec.after
    let running = false
    let again = false
    let ended = false
    const pump = async () => {
      if (ended) return
      if (running) return void (again = true)
      running = true
      try {
        do {
          again = false
          const { events, last: next } = await spec.read(last)
          if (ended) return
          last = next
          if (events.length) res.write(events.map(format).join(''))
        } while (again && !ended)
      } catch (error) {
        this.onError(error)
      } finally {
        running = false
      }
    }
    const offs = spec.channels.map((channel) =>
      this.notifier.subscribe(channel, (payload) => {
        if (spec.concerns(channel, payload)) void pump()
      }),
    )
    const offResync = this.notifier.onResync(() => void pump())
    const poll = setInterval(() => void pump(), POLL_MS)
    const beat = async () => {
      if (ended) return
      res.write(': ping\n\n')
      await spec.beat?.().catch(this.onError)
    }
    const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS)
    const end = () => {
      if (ended) return
      ended = true
      this.open.delete(end)
      clearInterval(poll)
      clearInterval(heartbeat)
      offs.forEach((off) => off())
      offResync()
      if (!res.writableEnded) res.end()
      void spec.ended?.().catch(this.onError)
    }
    this.open.add(end)
    request.raw.on('close', end)
    res.on('close', end)
    res.on('error', end)
    void spec.beat?.().catch(this.onError)
    void pump()
  }
}
