// The desk's one event stream (EventSource): `changed` (a conversation or the queue changed) and, for the open
// conversation, `message` (a Message; its seq is the event id). It is reopened when the selection changes and
// closed on unmount. After an interruption the browser reconnects by itself (Last-Event-ID); a stream the browser
// gave up on is reopened here. Either way, `onReconnect` fills what may have been missed.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { deskStreamUrl, type Message } from '../api/desk'

const REOPEN_MS = 3_000

export interface DeskStreamHandlers {
  onChanged(conversationId: string): void
  onMessage(conversationId: string, message: Message): void
  onReconnect(): void
}

function parse<T>(data: unknown): T | null {
  if (typeof data !== 'string') return null
  try {
    return JSON.parse(data) as T
  } catch {
    return null
  }
}

/** Opens the stream for `conversationId` (null: changes only) once `ready`; answers whether it is connected. */
export function useDeskStream(
  conversationId: string | null,
  ready: boolean,
  lastSeq: RefObject<number>,
  handlers: DeskStreamHandlers,
): boolean {
  const [connected, setConnected] = useState(true)
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    if (!ready || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let reopen: ReturnType<typeof setTimeout> | undefined
    let interrupted = false
    let closed = false

    const open = () => {
      const es = new EventSource(deskStreamUrl(conversationId, lastSeq.current ?? 0))
      source = es
      es.addEventListener('open', () => {
        setConnected(true)
        if (interrupted) {
          interrupted = false
          latest.current.onReconnect()
        }
      })
      es.addEventListener('error', () => {
        interrupted = true
        setConnected(false)
        // Closed: the browser will not try again (an error answer); reopen after a pause.
        if (es.readyState === EventSource.CLOSED && !closed) {
          es.close()
          reopen = setTimeout(open, REOPEN_MS)
        }
      })
      es.addEventListener('changed', (event) => {
        const data = parse<{ conversationId?: unknown }>((event as MessageEvent).data)
        if (typeof data?.conversationId === 'string') latest.current.onChanged(data.conversationId)
      })
      es.addEventListener('message', (event) => {
        const message = parse<Message>((event as MessageEvent).data)
        if (conversationId && message && typeof message.seq === 'number')
          latest.current.onMessage(conversationId, message)
      })
    }
    open()
    return () => {
      closed = true
      clearTimeout(reopen)
      source?.close()
      setConnected(true)
    }
  }, [conversationId, ready, lastSeq])

  return connected
}
