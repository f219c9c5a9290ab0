import { useEffect, useState } from 'react'

/** Milliseconds left until `deadline` (ISO), ticking every second; 0 once passed, null without a deadline. */
export function useCountdown(deadline: string | null | undefined): number | null {
  const target = deadline ? Date.parse(deadline) : NaN
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (Number.isNaN(target)) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [target])
  return Number.isNaN(target) ? null : Math.max(0, target - now)
}

/** 299000 -> "04:59" */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}
