import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * A handler whose identity never changes but which always runs the latest `fn`: a memoized child given it does
 * not re-render each time the parent's state (and so the handler's closure) changes.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn)
  useLayoutEffect(() => {
    latest.current = fn
  })
  return useCallback((...args: A) => latest.current(...args), [])
}
