import { useEffect, useMemo, useState } from 'react'
import type { PageConfig } from '../types/generated/page'
import { previewAllowed, readPreview, type PreviewRequest } from './preview'
import { nextPhaseChange, phaseAt, previewMoment, type LifecyclePhase } from '../page-config/schedule'
import { clockOffset, knownClockOffset } from './serverClock'

const MAX_TIMER_MS = 2_147_483_647

export interface PageClock {
  ready: boolean
  phase: LifecyclePhase
  now: () => number
  /** Preview in effect (non-production only). */
  previewing: boolean
}

interface FetchedClock {
  /** The preview request this clock was made for (null: none). */
  for: PreviewRequest | null
  offset: number
  forced?: LifecyclePhase
  /** A preview is in effect (allowed outside production). */
  previewing?: boolean
}

/** Server time (or the preview moment), the lifecycle phase, and a re-render whenever the phase flips. */
export function usePageClock(schedule: PageConfig['schedule'], query: URLSearchParams): PageClock {
  const preview = useMemo(() => readPreview(query), [query])
  // Without a preview, once /api/time has answered (usually while the page chunk loaded) the clock is ready
  // on the first render; otherwise it is fetched, per preview request.
  const known = preview ? undefined : knownClockOffset()
  const [fetched, setFetched] = useState<FetchedClock | null>(null)
  const [, setTick] = useState(0)

  useEffect(() => {
    if (!preview && knownClockOffset() !== undefined) return
    let alive = true
    void Promise.all([clockOffset(), preview ? previewAllowed() : Promise.resolve(false)]).then(
      ([offset, allowed]) => {
        if (!alive) return
        if (!allowed || !preview) return setFetched({ for: preview, offset })
        // The moment previewed: ?now=, else (?phase= alone) a moment inside that phase, so the countdowns and
        // block windows of the page agree with the phase shown.
        const serverNow = Date.now() + offset
        const moment =
          preview.nowMs ?? (preview.phase ? previewMoment(schedule, preview.phase, serverNow) : serverNow)
        setFetched({
          for: preview,
          offset: moment - Date.now(),
          forced: preview.phase,
          previewing: true,
        })
      },
    )
    return () => {
      alive = false
    }
  }, [preview, schedule])

  const clock = useMemo(
    (): FetchedClock | null =>
      known !== undefined ? { for: null, offset: known } : fetched?.for === preview ? fetched : null,
    [known, fetched, preview],
  )

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

  return { ready: clock !== null, phase, now, previewing: Boolean(clock?.previewing) }
}

/** A clock stopped at `nowMs` (the moment prerendered HTML was rendered for). */
export function frozenClock(schedule: PageConfig['schedule'], nowMs: number): PageClock {
  return { ready: true, phase: phaseAt(schedule, nowMs), now: () => nowMs, previewing: false }
}

/** A clock running on from `nowMs` (a preview link made for a moment); its phase is the one at that moment. */
export function runningClock(schedule: PageConfig['schedule'], nowMs: number): PageClock {
  const offset = nowMs - Date.now()
  return { ready: true, phase: phaseAt(schedule, nowMs), now: () => Date.now() + offset, previewing: false }
}
