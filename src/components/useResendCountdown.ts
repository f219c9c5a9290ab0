import { useEffect, useState } from 'react'

/** Seconds left of a countdown started with start(n) (an SMS code's resend wait); 0 when idle. */
export function useResendCountdown() {
  const [endsAt, setEndsAt] = useState(0)
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (endsAt === 0) return
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setLeft(remaining)
      if (remaining === 0) setEndsAt(0)
    }
    tick()
    const timer = setInterval(tick, 250)
    return () => clearInterval(timer)
  }, [endsAt])
  return { left, start: (seconds: number) => setEndsAt(Date.now() + seconds * 1000) }
}
