import type { AnalyticsEvent } from '../../types/generated/api/analytics'
import type { Tracker } from './tracker'

// What pages and screens note (index.ts, page.ts) for the tracker (tracker.ts, loaded later) to make into events:
// the moment it happened and what it was about, nothing of the visit yet.

export type FunnelStep = NonNullable<AnalyticsEvent['step']>
export type PagePhase = NonNullable<AnalyticsEvent['phase']>

/**
 * A config page as its host knows it (ConfigPage's `analytics`): a studio page's id, version and the
 * `experiment` of its answer (read defensively), or a folder page's route. Checked by trackedPage.ts, later.
 */
export interface PageRef {
  pageId?: string
  pageVersion?: number
  experiment?: unknown
  route?: string
}

/** A config page as its events name it: checked (trackedPage.ts), so the tracker sends it as it is. */
export interface TrackedPage {
  pageId: string
  pageVersion?: number
  experimentId?: string
  variant?: string
}

/** What showPage.ts notes of a page shown before the rest loads (page.ts). */
export interface PageShown {
  /** When it showed, and the window's scroll then. */
  at: number
  y: number
  /** Taps on the page until page.ts listens: their target and time. */
  taps: [EventTarget | null, number][]
  /** When page.ts was sent for (the first scroll, tap, hide, a few seconds, or the page going). */
  moved?: number
  /** When the page went (unmounted). */
  left?: number
}

export type Note =
  | { kind: 'page_view'; at: number; page: TrackedPage; phase?: PagePhase }
  | { kind: 'block_click' | 'block_impression'; at: number; page: TrackedPage; blockId: string }
  | { kind: 'funnel'; at: number; step: FunnelStep; productId?: string }
  /** The page went (not an event: a view shown again at once goes on, tracker.ts). */
  | { kind: 'page_left'; at: number; page: TrackedPage }

/** Notes kept in the tab when it hid before the tracker came (the tracker sends them when it comes). */
export const PENDING_KEY = 'analytics:pending'
/** At most this many notes wait for the tracker. */
export const PENDING_MAX = 200

/** What waits for the tracker, one for the page (index.ts), and the tracker once it is here. */
export interface Front {
  notes: Note[]
  /** Called with the tracker once it is here (a page's impressions). */
  waiting: ((tracker: Tracker) => void)[]
  tracker?: Tracker
  /** Loads the tracker now (set once its load is arranged). */
  load?: () => void
}
