// A server-sent events client for tests that read a stream as a browser's EventSource would: each event with its
// id, and the Last-Event-ID a reconnect sends. Stopped by the test that opened it.

export interface ReceivedEvent {
  event: string
  id: number | null
  data: unknown
  /** performance.now() when it arrived. */
  at: number
}

export interface EventStream {
  events: ReceivedEvent[]
  /** The last id seen (what a reconnect sends as Last-Event-ID). */
  lastId: () => number | null
  /** Resolves with the first event (from now on, or already received) that `match` accepts. */
  next: (match: (e: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>
  close: () => void
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController()
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  })
  if (!res.ok || !res.body) throw new Error(`stream ${url}: ${res.status} ${await res.text()}`)
  const events: ReceivedEvent[] = []
  const waiters: { match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }[] = []
  let last: number | null = null
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          let event = 'message'
          let id: number | null = null
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7)
            else if (line.startsWith('id: ')) id = Number(line.slice(4))
            else if (line.startsWith('data: ')) data.push(line.slice(6))
          }
          if (!data.length) continue
          if (id !== null) last = id
          const received = { event, id, data: JSON.parse(data.join('\n')) as unknown, at: performance.now() }
          events.push(received)
          for (const w of [...waiters])
            if (w.match(received)) {
              waiters.splice(waiters.indexOf(w), 1)
              w.resolve(received)
            }
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    events,
    lastId: () => last,
    next: (match, timeoutMs = 10_000) => {
      const found = events.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer)
            resolve(e)
          },
        })
      })
    },
    close: () => controller.abort(),
  }
}
