import { useEffect, useState } from 'react'
import type { CountdownBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

function targetOf(to: string, schedule: ReturnType<typeof useBlockRuntime>['schedule']): number | null {
  if (to.startsWith('schedule.')) {
    const iso = schedule?.[to.slice('schedule.'.length) as 'startAt' | 'endAt' | 'offlineAt']
    return iso ? Date.parse(iso) : null
  }
  return Date.parse(to)
}

export function splitDuration(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000))
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Ticks every second on server time; the page itself flips phase when the moment passes. */
export default function CountdownBlock({ block }: BlockProps<Props>) {
  const { now, schedule, text, prerendered } = useBlockRuntime()
  const target = targetOf(block.to, schedule)
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1000)
    return () => clearInterval(timer)
  }, [])
  if (target === null || Number.isNaN(target)) return null
  const left = target - now()
  if (left <= 0) return <div className="blk-countdown ended">{text(block.endedText ?? '已结束')}</div>
  const { days, hours, minutes, seconds } = splitDuration(left)
  // Prerendered HTML was rendered at build time: its digits would be wrong, so they wait for the page's clock.
  const digit = (n: number) => (prerendered ? '--' : pad(n))
  return (
    <div className="blk-countdown" role="timer">
      {block.label && <span className="blk-countdown-label">{text(block.label)}</span>}
      {/* Prerendered, the days take their place too (as --): the digits arriving later move nothing. */}
      {days > 0 && (
        <>
          <b>{prerendered ? '--' : days}</b>天
        </>
      )}
      <b>{digit(hours)}</b>:<b>{digit(minutes)}</b>:<b>{digit(seconds)}</b>
    </div>
  )
}
