import { useEffect, useRef, useState } from 'react'

/**
 * Asks `recheck` again as soon as the device is back online or the person returns to this tab (from the wallet
 * app, or after a blip): what happened meanwhile (a payment that went through) is known before anything else.
 * True while that answer is awaited.
 */
export function useRecheckOnReturn(recheck: () => Promise<unknown>): boolean {
  const [checking, setChecking] = useState(false)
  const latest = useRef(recheck)
  useEffect(() => {
    latest.current = recheck
  })
  useEffect(() => {
    const run = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return
      setChecking(true)
      void latest
        .current()
        .catch(() => undefined)
        .finally(() => setChecking(false))
    }
    window.addEventListener('online', run)
    document.addEventListener('visibilitychange', run)
    return () => {
      window.removeEventListener('online', run)
      document.removeEventListener('visibilitychange', run)
    }
  }, [])
  return checking
}
