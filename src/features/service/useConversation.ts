import { useCallback, useEffect, useRef, useState } from 'react'
import type { Context, Conversation, Message } from './api'
import { conversationStreamUrl, fetchMessages, openConversation } from './api'
import { emptyThread, lastSeqOf, withMessages, type Thread } from './thread'

// The customer's open conversation, live: opened (with its context and a question typed before login), its
// messages loaded, then its event stream. EventSource reconnects by itself (resuming after Last-Event-ID); on a
// reconnect and when the page is shown again the messages after the last one held are asked for too, to fill any
// gap. Browser-only: everything runs in effects, never in a server render.

/** A stream that the server closed for good (not a dropped connection) is opened again after this long. */
const REOPEN_MS = 3_000

export interface LiveConversation {
  thread: Thread
  /** Opening failed: the error, with `retry`. */
  error: unknown
  /** The stream dropped and is reconnecting. */
  reconnecting: boolean
  /** Adds messages and the state an answer brought. */
  receive: (items: readonly Message[], conversation?: Conversation) => void
  /** Replaces the state (after 转人工, 结束会话, a rating). */
  update: (conversation: Conversation) => void
  /** Opens again: after an error, or 重新咨询 (a new conversation once the last is closed). */
  retry: () => void
}

export function useConversation(context: Context, question: string | null, onQuestionSent: () => void) {
  const [thread, setThread] = useState<Thread>(emptyThread)
  const [error, setError] = useState<unknown>(null)
  const [reconnecting, setReconnecting] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // Read by the stream's handlers and the gap fill, which outlive a render.
  const threadRef = useRef(thread)
  useEffect(() => {
    threadRef.current = thread
  }, [thread])
  // The question goes with the first open only (StrictMode runs effects twice; a ref outlives that).
  const questionRef = useRef(question)
  const openedFor = useRef<string | null>(null)
  const contextKey = JSON.stringify(context)

  const receive = useCallback((items: readonly Message[], conversation?: Conversation) => {
    setThread((t) => {
      const next = withMessages(t, items)
      return conversation && (!t.conversation || t.conversation.id === conversation.id)
        ? { ...next, conversation }
        : next
    })
  }, [])
  const update = useCallback((conversation: Conversation) => {
    setThread((t) => (t.conversation?.id === conversation.id ? { ...t, conversation } : t))
  }, [])
  const retry = useCallback(() => {
    openedFor.current = null
    setError(null)
    setAttempt((n) => n + 1)
  }, [])

  // Open (or return) the conversation, then load its messages.
  useEffect(() => {
    const key = `${contextKey}#${attempt}`
    if (openedFor.current === key) return
    openedFor.current = key
    let live = true
    const q = questionRef.current
    questionRef.current = null
    void (async () => {
      try {
        const opened = await openConversation({
          context,
          ...(q ? { question: q } : {}),
        })
        if (q) onQuestionSent()
        const list = await fetchMessages(opened.id, 0)
        if (!live) return
        setThread(withMessages({ conversation: list.conversation, bySeq: new Map() }, list.items))
      } catch (e) {
        if (live) setError(e)
      }
    })()
    return () => {
      live = false
      // A StrictMode re-run opens again (the server returns the same conversation).
      openedFor.current = null
    }
    // context is named by contextKey; onQuestionSent is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contextKey, attempt])

  const id = thread.conversation?.id ?? null
  const closed = thread.conversation?.status === 'closed'

  // Messages after the last one held (a gap left by a dropped connection or a hidden page).
  const fillGap = useCallback(async () => {
    const current = threadRef.current.conversation
    if (!current) return
    try {
      const list = await fetchMessages(current.id, lastSeqOf(threadRef.current))
      receive(list.items, list.conversation)
    } catch {
      // The stream or the next return tries again.
    }
  }, [receive])

  // The event stream, while the conversation is open.
  useEffect(() => {
    if (!id || closed || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let reopen: ReturnType<typeof setTimeout> | undefined
    let dropped = false
    const connect = () => {
      source = new EventSource(conversationStreamUrl(id, lastSeqOf(threadRef.current)))
      source.addEventListener('message', (event) => {
        receive([JSON.parse((event as MessageEvent<string>).data) as Message])
      })
      source.addEventListener('conversation', (event) => {
        update(JSON.parse((event as MessageEvent<string>).data) as Conversation)
      })
      source.addEventListener('open', () => {
        if (!dropped) return
        dropped = false
        setReconnecting(false)
        void fillGap()
      })
      source.addEventListener('error', () => {
        dropped = true
        setReconnecting(true)
        // CLOSED: the server answered with an error; the browser will not try again by itself.
        if (source?.readyState === 2) {
          source.close()
          reopen = setTimeout(connect, REOPEN_MS)
        }
      })
    }
    connect()
    const onVisible = () => {
      if (document.visibilityState === 'visible') void fillGap()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearTimeout(reopen)
      source?.close()
      document.removeEventListener('visibilitychange', onVisible)
      setReconnecting(false)
    }
  }, [id, closed, receive, update, fillGap])

  return { thread, error, reconnecting, receive, update, retry } satisfies LiveConversation
}
