// The open conversation: its state and its messages kept by number (seq), so a message that arrives twice (the
// stream and a request's answer, or a gap filled after a reconnect) is shown once, in order.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { StudioApiError } from '../api/client'
import { deskApi, type DeskConversation, type DeskThread, type Message } from '../api/desk'

interface ThreadState {
  id: string | null
  conversation: DeskConversation | null
  messages: ReadonlyMap<number, Message>
  loading: boolean
  error: StudioApiError | null
}

const empty = (id: string | null): ThreadState => ({
  id,
  conversation: null,
  messages: new Map(),
  loading: id !== null,
  error: null,
})

const asError = (error: unknown) =>
  error instanceof StudioApiError ? error : new StudioApiError(0, 'UNKNOWN', '加载失败，请重试')

/** Adds messages by number: one already there is replaced, never doubled. */
function withMessages(messages: ReadonlyMap<number, Message>, items: readonly Message[]) {
  if (!items.length) return messages
  const next = new Map(messages)
  for (const item of items) next.set(item.seq, item)
  return next
}

export function useDeskThread(id: string | null) {
  const [state, setState] = useState<ThreadState>(() => empty(id))
  const current = useRef(id)
  const lastSeq = useRef(0)
  const [attempt, setAttempt] = useState(0)

  // The state belongs to the selection: a new one starts empty (set during render, not after a frame).
  if (state.id !== id) setState(empty(id))

  const apply = useCallback((forId: string, thread: DeskThread) => {
    if (current.current !== forId) return
    setState((s) =>
      s.id === forId
        ? {
            ...s,
            conversation: thread.conversation,
            messages: withMessages(s.messages, thread.items),
            loading: false,
            error: null,
          }
        : s,
    )
  }, [])

  useEffect(() => {
    current.current = id
    lastSeq.current = 0
    if (!id) return
    deskApi.thread(id, 0).then(
      (thread) => apply(id, thread),
      (error: unknown) => {
        if (current.current !== id) return
        setState((s) => (s.id === id ? { ...s, loading: false, error: asError(error) } : s))
      },
    )
  }, [id, apply, attempt])

  const messages = useMemo(() => [...state.messages.values()].sort((a, b) => a.seq - b.seq), [state.messages])
  // Kept current for the stream (its address and the gap to fill).
  const newest = messages.at(-1)?.seq ?? 0
  useLayoutEffect(() => {
    lastSeq.current = newest
  }, [newest])

  const addMessage = useCallback((forId: string, message: Message) => {
    if (current.current !== forId) return
    setState((s) => (s.id === forId ? { ...s, messages: withMessages(s.messages, [message]) } : s))
  }, [])

  /** Reads what came after the newest message held (a reconnect's gap, or the state after a change). */
  const catchUp = useCallback(async () => {
    const forId = current.current
    if (!forId) return
    try {
      apply(forId, await deskApi.thread(forId, lastSeq.current))
    } catch {
      // The next change or reconnect tries again; the screen keeps what it has.
    }
  }, [apply])

  const retry = useCallback(() => {
    setState(empty(current.current))
    setAttempt((n) => n + 1)
  }, [])

  return {
    conversation: state.conversation,
    messages,
    loading: state.loading,
    error: state.error,
    lastSeq,
    /** An answer of take/reply/transfer/close: the conversation's new state and its messages. */
    apply,
    addMessage,
    catchUp,
    retry,
  }
}
