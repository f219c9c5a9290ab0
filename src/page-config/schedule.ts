import type { PageConfig, Phase } from '../types/generated/page'
import { walkBlocks } from './walkBlocks'

// Page lifecycle on server time: upcoming (before preheatAt) -> preheat -> live -> ended -> offline. The one home
// of the phases and of their words: the studio (list, header, preview), the runtime and the server use these.

export type LifecyclePhase = 'upcoming' | 'preheat' | 'live' | 'ended' | 'offline'
export const LIFECYCLE_PHASES: readonly LifecyclePhase[] = ['upcoming', 'preheat', 'live', 'ended', 'offline']

/** A page's status in the studio: a phase of what is published or scheduled, or a draft never published. */
export type PageStatus = 'draft' | LifecyclePhase

/** The words for each status, the same wherever a status is shown. */
export const STATUS_WORDS: Record<PageStatus, string> = {
  draft: '草稿',
  upcoming: '未开始',
  preheat: '预热中',
  live: '进行中',
  ended: '已结束',
  offline: '已下线',
}

type Schedule = NonNullable<PageConfig['schedule']>

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined)

export function phaseAt(schedule: Schedule | undefined, now: number): LifecyclePhase {
  if (!schedule) return 'live'
  const preheatAt = ms(schedule.preheatAt)
  const offlineAt = ms(schedule.offlineAt)
  if (offlineAt !== undefined && now >= offlineAt) return 'offline'
  // Not public before its preheat: the page says 活动未开始.
  if (preheatAt !== undefined && now < preheatAt) return 'upcoming'
  if (now < Date.parse(schedule.startAt)) return 'preheat'
  if (now < Date.parse(schedule.endAt)) return 'live'
  return 'ended'
}

/** The phase blocks are shown for (showIn): a page not open yet shows as in preheat, an offline one as ended. */
export function blockPhase(phase: LifecyclePhase): Phase {
  if (phase === 'upcoming') return 'preheat'
  return phase === 'offline' ? 'ended' : phase
}

/**
 * The phases a page can still show blocks for from `now` while its campaign runs: this one and the later ones
 * before the end (a page already ended: only that). A block for a phase gone by, or for after the end, is left out
 * of the page's chunk and loads if it is ever shown (scripts/page-configs/pageModule.ts).
 */
export function phasesAhead(schedule: Schedule | undefined, now: number): Phase[] {
  const phase = blockPhase(phaseAt(schedule, now))
  return phase === 'preheat' ? ['preheat', 'live'] : [phase]
}

/** The next moment the phase changes after `now`, or null. */
export function nextPhaseChange(schedule: Schedule | undefined, now: number): number | null {
  if (!schedule) return null
  const times = [schedule.preheatAt, schedule.startAt, schedule.endAt, schedule.offlineAt]
    .map(ms)
    .filter((t): t is number => t !== undefined && t > now)
  return times.length ? Math.min(...times) : null
}

const DAY_MS = 86_400_000

/**
 * The moment a preview of `phase` (?phase= without ?now=) shows: `now` when the page is in that phase anyway,
 * else the moment the phase begins (the preheat, the start, the end, the offline time), so that countdowns and
 * block windows agree with the phase previewed. A preheat without preheatAt starts a day before startAt; upcoming
 * is a minute before the preheat (a page without preheatAt has no such phase: its preheat is shown).
 */
export function previewMoment(schedule: Schedule | undefined, phase: LifecyclePhase, now: number): number {
  if (!schedule || phaseAt(schedule, now) === phase) return now
  const startAt = Date.parse(schedule.startAt)
  switch (phase) {
    case 'upcoming': {
      const preheatAt = ms(schedule.preheatAt)
      return preheatAt === undefined ? previewMoment(schedule, 'preheat', now) : preheatAt - 60_000
    }
    case 'preheat':
      // preheatAt may equal startAt (no preheat): still a moment before the start.
      return Math.min(ms(schedule.preheatAt) ?? startAt - DAY_MS, startAt - 1000)
    case 'live':
      return startAt
    case 'ended':
      return Date.parse(schedule.endAt)
    case 'offline':
      return ms(schedule.offlineAt) ?? now
  }
}

/** True when `now` is inside a block's own time window. */
export function insideWindow(window: { from?: string; to?: string } | undefined, now: number): boolean {
  if (!window) return true
  const from = ms(window.from)
  const to = ms(window.to)
  return (from === undefined || now >= from) && (to === undefined || now < to)
}

/**
 * The span around `now` in which a page shows the same thing by time: no phase change and no block's window
 * opening or closing (nested blocks included). Bounds are null when nothing changes on that side.
 */
export function unchangedAround(
  config: PageConfig,
  now: number,
): { from: number | null; until: number | null } {
  const s = config.schedule
  const times = s ? [s.preheatAt, s.startAt, s.endAt, s.offlineAt] : []
  walkBlocks(config.blocks, (block) => {
    const between = block.activeBetween as { from?: string; to?: string } | undefined
    times.push(between?.from, between?.to)
  })
  const known = times.map(ms).filter((t): t is number => t !== undefined && !Number.isNaN(t))
  const before = known.filter((t) => t <= now)
  const after = known.filter((t) => t > now)
  return {
    from: before.length ? Math.max(...before) : null,
    until: after.length ? Math.min(...after) : null,
  }
}
