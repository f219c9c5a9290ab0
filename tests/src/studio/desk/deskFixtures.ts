// The desk's test doubles: a conversation, its messages, and an EventSource the test drives.
import { vi } from 'vitest'
import type { DeskConversation, Message } from '../../../../src/studio/api/desk'
import type { Staff } from '../../../../src/studio/api/types'

export const AGENT: Staff = { id: 7, username: 'agent', displayName: '小国', role: 'agent' }
export const CONVERSATION_ID = '0b5a3c8e-4f1d-4c9a-9f3e-2d7b6a1c0e11'

export function conversation(over: Partial<DeskConversation> = {}): DeskConversation {
  return {
    id: CONVERSATION_ID,
    status: 'queued',
    customerPhone: '138****0001',
    context: [{ kind: 'product', id: 'med-1', title: '百万医疗险' }],
    agentId: null,
    agentName: null,
    afterHours: false,
    waitingSince: new Date(Date.now() - 3 * 60_000 - 5_000).toISOString(),
    lastMessage: '请问等待期多久？',
    lastSeq: 2,
    unread: 0,
    rating: null,
    createdAt: '2026-11-25T03:50:00.000Z',
    closedAt: null,
    ...over,
  }
}

export const mineActive = (over: Partial<DeskConversation> = {}) =>
  conversation({
    status: 'active',
    agentId: AGENT.id,
    agentName: AGENT.displayName,
    waitingSince: null,
    ...over,
  })

export function message(seq: number, over: Partial<Message> = {}): Message {
  return {
    seq,
    sender: 'customer',
    senderName: '用户',
    text: `第 ${seq} 条消息`,
    imageUrl: null,
    faqs: [],
    createdAt: '2026-11-25T03:55:00.000Z',
    ...over,
  }
}

/** A minimal EventSource: the test sends events into the instances the screen opened. */
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readyState = FakeEventSource.CONNECTING
  private readonly listeners = new Map<string, Set<(event: Event) => void>>()

  constructor(
    readonly url: string,
    registry: FakeEventSource[],
  ) {
    registry.push(this)
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set()
    set.add(listener)
    this.listeners.set(type, set)
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener)
  }

  close() {
    this.readyState = FakeEventSource.CLOSED
  }

  get closed() {
    return this.readyState === FakeEventSource.CLOSED
  }

  emit(type: string, data?: unknown, id?: number) {
    if (type === 'open') this.readyState = FakeEventSource.OPEN
    const event =
      data === undefined
        ? new Event(type)
        : new MessageEvent(type, {
            data: JSON.stringify(data),
            lastEventId: id === undefined ? '' : String(id),
          })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

/** Replaces EventSource for this test; answers the streams the screen opens, newest last. */
export function stubEventSource(): FakeEventSource[] {
  const opened: FakeEventSource[] = []
  const Stub = class extends FakeEventSource {
    constructor(url: string | URL) {
      super(String(url), opened)
    }
  }
  vi.stubGlobal('EventSource', Stub)
  return opened
}
