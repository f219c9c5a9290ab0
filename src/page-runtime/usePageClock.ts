import { useEffect, useMemo, useState } from 'react'
import type { PageConfig, Phase } from '../types/generated/page'
import { previewAllowed, readPreview } from './preview'
import { nextPhaseChange, phaseAt, type LifecyclePhase } from './schedule'
import { clockOffset } from './serverClock'

const MAX_TIMER_MS = 2_147_483_647

export interface PageClock {
  ready: boolean
  phase: LifecyclePhase
  now: () => number
  /** Preview in effect (non-production only). */
  previewing: boolean
}

/** Server time (or the preview moment), the lifecycle phase, and a re-render whenever the phase flips. */
export function usePageClock(schedule: PageConfig['schedule'], query: URLSearchParams): PageClock {
  const preview = useMemo(() => readPreview(query), [query])
  const [clock, setClock] = useState<{ offset: number; forced?: LifecyclePhase } | null>(null)
  const [, setTick] = useState(0)

  useEffect(() => {
    let alive = true
    void Promise.all([clockOffset(), preview ? previewAllowed() : Promise.resolve(false)]).then(([offset, allowed]) => {
      if (!alive) return
      if (!allowed || !preview) return setClock({ offset })
      setClock({ offset: preview.nowMs !== undefined ? preview.nowMs - Date.now() : offset, forced: preview.phase })
    })
    return () => {
      alive = false
    }
  }, [preview])

  const offset = clock?.offset ?? 0
  const now = useMemo(() => () => Date.now() + offset, [offset])
  const phase = clock?.forced ?? phaseAt(schedule, now())

  useEffect(() => {
    if (!clock || clock.forced) return
    const next = nextPhaseChange(schedule, now())
    if (next === null) return
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(next - now() + 50, MAX_TIMER_MS))
    return () => clearTimeout(timer)
  }, [clock, schedule, now, phase])

  return { ready: clock !== null, phase, now, previewing: Boolean(clock?.forced || (preview && clock && clock.offset !== offset)) }
}

export function blockPhase(phase: LifecyclePhase): Phase {
  return phase === 'offline' ? 'ended' : phase
}
