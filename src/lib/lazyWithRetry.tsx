import {
  createElement,
  lazy,
  useSyncExternalStore,
  type ComponentType,
  type JSXElementConstructor,
} from 'react'
import { loadChunk, loadChunkAgain } from './lazyChunk'

/** What a lazy part shows in its place while its chunk will not load; `retry` asks for the chunk again. */
export type ChunkFailedProps = { retry: () => void }

const Nothing: ComponentType<ChunkFailedProps> = () => null

/**
 * React.lazy that forgets a failed import. React.lazy keeps a rejected import for good (every later render
 * throws the same error); here a chunk that still fails after loadChunk's own retry renders `Failed` in its
 * place, and the next attempt is made when the device is back online or `Failed` calls `retry` (a 重试 tap):
 * loadChunkAgain, which reloads the page if the browser keeps the failed import.
 * Every mounted instance then renders the new attempt, inside the caller's Suspense.
 */
export function lazyWithRetry<T extends JSXElementConstructor<never>>(
  load: () => Promise<{ default: T }>,
  Failed: ComponentType<ChunkFailedProps> = Nothing,
): T {
  // Inside, the props pass through untouched; the caller sees the component's own type (T).
  type Props = Record<string, unknown>
  const listeners = new Set<() => void>()
  let failed = false

  function retry() {
    if (!failed) return
    failed = false
    window.removeEventListener('online', retry)
    current = attempt(true)
    for (const listener of listeners) listener()
  }

  const Retry = () => <Failed retry={retry} />

  function attempt(again: boolean): ComponentType<Props> {
    return lazy(() =>
      (again ? loadChunkAgain(load) : loadChunk(load)).then(
        (module) => ({ default: module.default as unknown as ComponentType<Props> }),
        (error: unknown) => {
          console.error('[lazy] chunk failed to load', error)
          failed = true
          // Listened for from the failure on, not from an effect of what is drawn in its place: a device back
          // online before that effect ran would otherwise go unnoticed.
          window.addEventListener('online', retry)
          return { default: Retry as ComponentType<Props> }
        },
      ),
    )
  }

  let current = attempt(false)
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const snapshot = () => current

  function LazyWithRetry(props: Props) {
    // The current attempt: one component per attempt, kept until a retry (not one per render).
    return createElement(useSyncExternalStore(subscribe, snapshot, snapshot), props)
  }
  return LazyWithRetry as unknown as T
}
