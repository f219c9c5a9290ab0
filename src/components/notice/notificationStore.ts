import { NOTIFICATION_DEFAULTS, type NoticeKind } from '../../config/constants'

export interface NotificationItem {
  id: number
  kind: NoticeKind
  title: string
  description?: string
}

type Listener = () => void
let items: NotificationItem[] = []
let nextId = 1
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((l) => l())

export const notificationStore = {
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  getSnapshot: () => items,
  close(id: number) {
    items = items.filter((item) => item.id !== id)
    emit()
  },
}

/** A notification at the top right; closes itself after 4.5 s (loading ones stay until closed). */
export function notify(
  kind: NoticeKind,
  title: string,
  description?: string,
  durationMs: number = NOTIFICATION_DEFAULTS.durationMs,
): () => void {
  const id = nextId++
  items = [...items, { id, kind, title, description }]
  emit()
  const close = () => notificationStore.close(id)
  if (kind !== 'loading' && durationMs > 0) setTimeout(close, durationMs)
  return close
}
