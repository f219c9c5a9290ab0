import { useEffect, useState } from 'react'
import { useHydrating, usePrerender } from '../prerender'

/**
 * Milliseconds left until `deadline` (ISO), ticking every second; 0 once passed, null without a deadline.
 * HTML rendered earlier (by the server) counts from the moment it was rendered until hydrated, so both agree.
 */
export function useCountdown(deadline: string | null | undefined): number | null {
  const target = deadline ? Date.parse(deadline) : NaN
  const renderedAt = usePrerender()?.nowMs
  const hydrating = useHydrating()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (Number.isNaN(target)) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [target])
  const at = hydrating && renderedAt !== undefined ? renderedAt : now
  return Number.isNaN(target) ? null : Math.max(0, target - at)
}

/** 299000 -> "04:59" */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}
