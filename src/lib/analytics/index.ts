import { optOut } from './consent'
import { PENDING_KEY, PENDING_MAX, type Front, type FunnelStep, type Note } from './notes'
import type { Tracker } from './tracker'

// First-party analytics in the browser (docs/analytics.md, "In the browser"): what the purchase screens call, and
// config pages through page.ts. It only notes what happened and when. The tracker (tracker.ts: visits,
// attribution, impressions, the queue and its batches) loads after the page: at the visitor's first scroll or
// tap, a few seconds after the page's load event, or as the page hides; it is handed the notes then. Nothing is
// noted for a visitor who opted out (the 统计分析 switch, Do Not Track, Global Privacy Control). Never throws into
// the page.
//
// The build copies a small module into each chunk that imports it (docs/rendering.md), so a config page and a
// purchase screen may each run their own copy of this one: what they note waits in one place for the page, on
// globalThis, and goes to the one tracker (a dynamic import is one chunk) in the order noted.

export type { FunnelStep } from './notes'

/** After the page's load event, the tracker loads this much later (when no scroll or tap came first). */
const AFTER_LOAD_MS = 3000

const FRONT = Symbol.for('analytics.front')
const shared = globalThis as typeof globalThis & { [FRONT]?: Front }

/**
 * The page's notes waiting for its tracker (first those an earlier page of this tab hid with before its tracker
 * came), and the tracker once it is here.
 */
export function analyticsFront(): Front {
  let front = shared[FRONT]
  if (!front) {
    front = shared[FRONT] = { notes: [], waiting: [] }
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) || 'null')
      sessionStorage.removeItem(PENDING_KEY)
      if (Array.isArray(kept)) front.notes = kept.slice(0, PENDING_MAX) as Note[]
    } catch {
      // Nothing kept.
    }
  }
  return front
}

/** Arranges the tracker's load (once a page): see above. */
function start(front: Front) {
  if (front.load || typeof window === 'undefined') return
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    import('./tracker').then(
      ({ attach }) => attach(front),
      () => {
        // Offline: the next try loads it.
        loading = false
      },
    )
  }
  front.load = load
  const first = { capture: true, passive: true, once: true }
  for (const type of ['scroll', 'pointerdown', 'keydown']) addEventListener(type, load, first)
  const later = () => setTimeout(load, AFTER_LOAD_MS)
  if (document.readyState === 'complete') later()
  else addEventListener('load', later, { once: true })
  // Hidden before the tracker came: load it now (a tab switched away usually lives on), and keep the notes in the
  // tab in case the page does not (a navigation away): this tab's next page sends them.
  const hiding = () => {
    if (front.tracker || document.visibilityState !== 'hidden') return
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(front.notes))
    } catch {
      // Storage off: these notes go with the page.
    }
    load()
  }
  document.addEventListener('visibilitychange', hiding)
  addEventListener('pagehide', hiding)
}

/** Loads the tracker now (a config page that has shown: page.ts loads after the page already). */
export function loadTracker(): void {
  if (optOut()) return
  const front = analyticsFront()
  start(front)
  front.load?.()
}

/** Hands what happened to the tracker, or keeps it for the tracker to come. */
export function note(noted: Note): void {
  try {
    if (optOut()) return
    const front = analyticsFront()
    if (front.tracker) return front.tracker.note(noted)
    if (front.notes.length < PENDING_MAX) front.notes.push(noted)
    start(front)
  } catch {
    // Never into the page.
  }
}

/** Calls `call` with the tracker once it is here. */
export function withTracker(call: (tracker: Tracker) => void): void {
  if (optOut()) return
  const front = analyticsFront()
  if (front.tracker) return call(front.tracker)
  front.waiting.push(call)
  start(front)
}

/**
 * A step of the purchase funnel shown (product, 投保须知, 信息, 支付), for anyone, logged in or not; call it once
 * per screen shown (an effect on the product id). Nothing before the product is known. The paid step is the
 * server's (order_paid).
 */
export function trackFunnel(step: FunnelStep | undefined, productId: string | null | undefined): void {
  if (step && productId) note({ kind: 'funnel', at: Date.now(), step, productId })
}
