import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

// Each new history entry (push or replace) opens at the top; going back or forward (POP) brings back where the
// person left that entry, also after a reload (kept in sessionStorage). The screen is in place when this runs:
// a navigation commits once the next screen's chunk is in (router.tsx).

const STORAGE_KEY = 'scroll-positions'
/** Entries remembered: the oldest are dropped first. */
const KEPT = 100

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][])
  } catch {
    return new Map()
  }
}

let positions: Map<string, number> | null = null

export function ScrollKeeper() {
  const location = useLocation()
  const action = useNavigationType()
  const current = useRef<string | null>(null)

  useLayoutEffect(() => {
    positions ??= readPositions()
    window.history.scrollRestoration = 'manual'
    const kept = positions
    const save = () => {
      if (current.current === null) return
      kept.delete(current.current)
      kept.set(current.current, window.scrollY)
      while (kept.size > KEPT) kept.delete(kept.keys().next().value as string)
    }
    const persist = () => {
      save()
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...kept]))
      } catch {
        // Private mode or full: positions last for this page only.
      }
    }
    window.addEventListener('scroll', save, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('scroll', save)
      window.removeEventListener('pagehide', persist)
    }
  }, [])

  useLayoutEffect(() => {
    current.current = location.key
    const saved = positions?.get(location.key)
    // A first load keeps what the browser (or an anchor) did; later entries open at the top.
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved)
    else if (action !== 'POP') window.scrollTo(0, 0)
  }, [location.key, action])

  return null
}
