import { createElement, lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react'
import { loadChunk } from './lazyChunk'

/** What a lazy part shows in its place while its chunk will not load; `retry` asks for the chunk again. */
export type ChunkFailedProps = { retry: () => void }

const Nothing: ComponentType<ChunkFailedProps> = () => null

/**
 * React.lazy that forgets a failed import. React.lazy keeps a rejected import for good (every later render
 * throws the same error); here a chunk that still fails after loadChunk's own retry renders `Failed` in its
 * place, and the next attempt is made when the device is back online or `Failed` calls `retry` (a 重试 tap).
 * Every mounted instance then renders the new attempt, inside the caller's Suspense.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Failed: ComponentType<ChunkFailedProps> = Nothing,
): ComponentType<P> {
  const listeners = new Set<() => void>()
  let failed = false

  function retry() {
    if (!failed) return
    failed = false
    current = attempt()
    for (const listener of listeners) listener()
  }

  function Retry() {
    useEffect(() => {
      window.addEventListener('online', retry)
      return () => window.removeEventListener('online', retry)
    }, [])
    return <Failed retry={retry} />
  }

  function attempt(): ComponentType<P> {
    return lazy(() =>
      loadChunk(load).catch((error: unknown) => {
        console.error('[lazy] chunk failed to load', error)
        failed = true
        return { default: Retry as ComponentType<P> }
      }),
    )
  }

  let current = attempt()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const snapshot = () => current

  return function LazyWithRetry(props: P) {
    const Current = useSyncExternalStore(subscribe, snapshot, snapshot)
    return createElement(Current, props)
  }
}
