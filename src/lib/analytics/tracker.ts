import type { AnalyticsEvent } from '../../types/generated/api/analytics'
import { ANALYTICS_ID, TRACK_ID_ATTRIBUTE } from '../../page-config/trackId'
import { sendBatch } from './api'
import { optOut } from './consent'
import { randomId } from './ids'
import { IMPRESSION_MS, IMPRESSION_RATIO, observeImpressions } from './impressions'
import { createQueue, type Send } from './queue'
import { documentLanding, forgetSession, sessionAt, type Landing } from './session'
import { forgetTouch, freshTouch, storeTouch } from './touch'
import { PENDING_KEY, type Front, type Note, type PageShown, type TrackedPage } from './notes'

// The tracker proper (docs/analytics.md, "In the browser"), loaded by index.ts after the page (its first scroll or
// tap, a few seconds after its load, or as it hides; at once by a config page's page.ts): it turns what pages noted
// into events of a visit, queues them and sends them in batches, at once when the page hides. Nothing is queued
// for a visitor who opted out.

export interface Tracker {
  note(note: Note): void
  /**
   * Watches the blocks of a config page for impressions, once per view; `shown`: the page as it showed before the
   * tracker came (its blocks in view then count now, when they have been seen for a second). Returns what stops.
   */
  observe(root: HTMLElement, page: TrackedPage, shown?: PageShown): () => void
  /** Sends what waits now. */
  flush(): void
  /** Forgets what waits, the visit and the last click (counting turned off). */
  drop(): void
  /** Events waiting (tests). */
  size(): number
}

export interface TrackerOptions {
  send?: Send
  waitMs?: number
  landing?: Landing
}

/** A page shown again within this long after it went is the same view (not a new page view). */
const SAME_VIEW_MS = 2000

const experimentFields = (page: TrackedPage) =>
  page.experimentId && page.variant ? { experimentId: page.experimentId, variant: page.variant } : {}
const pageFields = (page: TrackedPage) => ({
  pageId: page.pageId,
  ...(page.pageVersion ? { pageVersion: page.pageVersion } : {}),
  ...experimentFields(page),
})

export function createTracker({ send = sendBatch, waitMs, landing }: TrackerOptions = {}): Tracker {
  const queue = createQueue(send, { waitMs })
  const arrival = landing ?? documentLanding()
  let firstEvent = true
  let flushing = false

  /** The views of config pages (by page): the blocks each counted, and when it went. */
  const views = new Map<string, { counted: Set<string>; left?: number }>()
  const viewOf = (page: TrackedPage) => {
    const key = JSON.stringify(page)
    let view = views.get(key)
    if (!view) views.set(key, (view = { counted: new Set() }))
    return view
  }

  function event(note: Exclude<Note, { kind: 'page_left' }>): AnalyticsEvent {
    const { id: session, source } = sessionAt(note.at, arrival, firstEvent)
    firstEvent = false
    const at = new Date(note.at).toISOString()
    const base = { eventId: randomId(), kind: note.kind, at, session, source }
    switch (note.kind) {
      case 'funnel': {
        const touch = freshTouch(note.at)
        return {
          ...base,
          step: note.step,
          ...(note.productId && ANALYTICS_ID.test(note.productId) ? { productId: note.productId } : {}),
          ...(touch ? { touch } : {}),
        }
      }
      case 'page_view':
        return { ...base, ...pageFields(note.page), ...(note.phase ? { phase: note.phase } : {}) }
      case 'block_click':
        storeTouch({ pageId: note.page.pageId, blockId: note.blockId, ...experimentFields(note.page), at })
        return { ...base, ...pageFields(note.page), blockId: note.blockId }
      case 'block_impression':
        return { ...base, ...pageFields(note.page), blockId: note.blockId }
    }
  }

  function note(noted: Note) {
    try {
      if (optOut()) return
      if (noted.kind === 'page_left') {
        viewOf(noted.page).left = noted.at
        return
      }
      if (noted.kind === 'page_view') {
        const last = views.get(JSON.stringify(noted.page))
        // Shown again right after it went (the app's router taking over from the light shell): the same view.
        if (last?.left !== undefined && noted.at - last.left < SAME_VIEW_MS) {
          last.left = undefined
          return
        }
        views.set(JSON.stringify(noted.page), { counted: new Set() })
      }
      if (noted.kind === 'block_impression') {
        const { counted } = viewOf(noted.page)
        if (counted.has(noted.blockId)) return
        counted.add(noted.blockId)
      }
      queue.add(event(noted))
      // Noted while the page is hidden (it may not come back): sent at once, with what else comes in this task.
      if (document.visibilityState === 'hidden' && !flushing) {
        flushing = true
        queueMicrotask(() => {
          flushing = false
          queue.flush()
        })
      }
    } catch {
      // Never into the page: an event less.
    }
  }

  /**
   * Before the tracker came, the window had not scrolled until `shown.moved` (the first scroll or tap, the page
   * hiding, or a few seconds): the blocks in view then (where they were, as far as the window has scrolled since)
   * have been seen since the page showed, and count when that was a second or more.
   */
  function glance(root: HTMLElement, page: TrackedPage, shown: PageShown) {
    const until = shown.moved ?? Date.now()
    if (until - shown.at < IMPRESSION_MS) return
    const screen = window.innerHeight
    const shift = window.scrollY - shown.y
    for (const section of root.querySelectorAll(`[${TRACK_ID_ATTRIBUTE}]`)) {
      const blockId = section.getAttribute(TRACK_ID_ATTRIBUTE)
      const { top, bottom, height } = section.getBoundingClientRect()
      const inView = Math.min(bottom + shift, screen) - Math.max(top + shift, 0)
      if (blockId && height && (inView >= height * IMPRESSION_RATIO || inView >= screen * IMPRESSION_RATIO))
        note({ kind: 'block_impression', at: until, page, blockId })
    }
  }

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') queue.flush()
    })
    window.addEventListener('pagehide', () => queue.flush())
  }

  return {
    note,
    observe(root, page, shown) {
      if (shown) glance(root, page, shown)
      return observeImpressions(root, (blockId) =>
        note({ kind: 'block_impression', at: Date.now(), page, blockId }),
      )
    },
    flush: () => queue.flush(),
    drop() {
      queue.drop()
      forgetSession()
      forgetTouch()
    },
    size: () => queue.size(),
  }
}

let instance: Tracker | null = null
/** The page's one tracker. */
export const tracker = (): Tracker => (instance ??= createTracker())

/** Takes over from index.ts: what the page noted, in order; from now on the page notes straight to the tracker. */
export function attach(front: Front): void {
  const ready = tracker()
  const { notes, waiting } = front
  front.notes = []
  front.waiting = []
  front.tracker = ready
  try {
    // Kept as the page hid: the tracker has them now.
    sessionStorage.removeItem(PENDING_KEY)
  } catch {
    // Nothing kept.
  }
  // Loaded because the page hid: what it noted goes at once (tracker.note).
  for (const note of notes) ready.note(note)
  for (const call of waiting) call(ready)
}
