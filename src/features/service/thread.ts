import type { Conversation, Message } from './api'

// A conversation's messages as the screen keeps them: by number, so that a message that comes twice (the answer
// to a send and the stream, a gap filled after a reconnect) is shown once, and always in order.

export interface Thread {
  conversation: Conversation | null
  /** Messages by their number. */
  bySeq: ReadonlyMap<number, Message>
}

export const emptyThread: Thread = { conversation: null, bySeq: new Map() }

/** The thread with `items` added (a number already there is replaced by the newer copy). */
export function withMessages(thread: Thread, items: readonly Message[]): Thread {
  if (items.length === 0) return thread
  const bySeq = new Map(thread.bySeq)
  for (const item of items) bySeq.set(item.seq, item)
  return { ...thread, bySeq }
}

/** The messages in number order. */
export const orderedMessages = (thread: Thread): Message[] =>
  [...thread.bySeq.values()].sort((a, b) => a.seq - b.seq)

/** The highest number held: where the stream and a gap fill resume. */
export function lastSeqOf(thread: Thread): number {
  let last = 0
  for (const seq of thread.bySeq.keys()) if (seq > last) last = seq
  return last
}
