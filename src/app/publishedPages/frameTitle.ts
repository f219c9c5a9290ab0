import { useSyncExternalStore } from 'react'

// The title of the config shown in the studio's preview frame, for the layout's title bar (the frame's route
// has no title of its own).

let title: string | undefined
const listeners = new Set<() => void>()

export function setFrameTitle(next: string | undefined): void {
  if (next === title) return
  title = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const read = () => title
const none = () => undefined

export function useFrameTitle(): string | undefined {
  return useSyncExternalStore(subscribe, read, none)
}
