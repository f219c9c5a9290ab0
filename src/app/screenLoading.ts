import { useSyncExternalStore } from 'react'

// Screens whose chunk is loading (router.tsx): while one is, a navigation to it waits with the screen shown
// before (a transition), and NavigationPending shows the placeholder over it after 200 ms.

let loading = 0
const listeners = new Set<() => void>()
// Told after the render that started a load (a screen's first render asks for its chunk), never during it.
const notify = () => queueMicrotask(() => listeners.forEach((listener) => listener()))

export const screenLoading = {
  /** Counts `chunk` as loading until it settles; returns it. */
  track<T>(chunk: Promise<T>): Promise<T> {
    loading++
    notify()
    const done = () => {
      loading--
      notify()
    }
    chunk.then(done, done)
    return chunk
  },
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a screen's chunk is loading now. */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  )
}
