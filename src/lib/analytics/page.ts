import { TRACK_ID_ATTRIBUTE } from '../../page-config/trackId'
import { optOut } from './consent'
import { loadTracker, note, withTracker } from './index'
import type { PagePhase, PageRef, PageShown } from './notes'
import { trackedPage } from './trackedPage'

// A config page's analytics once it has shown (loaded by showPage.ts): its view, the taps on its blocks (those
// before this loaded too) and, with the tracker, its blocks' impressions.

/**
 * Notes the view of the page shown in `root` and each click on one of its blocks (one listener on the root: the
 * tapped element's top-level section); the tracker watches the blocks' impressions. `tap` is showPage's listener,
 * replaced here. A page restored from the back-forward cache is a new view. Returns what stops.
 */
export function observePage(
  root: HTMLElement,
  ref: PageRef,
  shown: PageShown,
  tap: (event: Event) => void,
): () => void {
  root.removeEventListener('click', tap, true)
  const page = trackedPage(ref)
  // Opted out: nothing is noted, and the tracker is not loaded.
  if (!page || optOut()) return () => {}
  const click = (target: EventTarget | null, at: number) => {
    const block = target instanceof Element ? target.closest(`[${TRACK_ID_ATTRIBUTE}]`) : null
    const blockId = block?.getAttribute(TRACK_ID_ATTRIBUTE)
    if (blockId) note({ kind: 'block_click', at, page, blockId })
  }
  // The phase the page shows (ConfigPage's data-phase).
  const phase = (root.dataset.phase || undefined) as PagePhase | undefined
  note({ kind: 'page_view', at: shown.at, page, phase })
  for (const [target, at] of shown.taps) click(target, at)
  loadTracker()
  if (shown.left) {
    note({ kind: 'page_left', at: shown.left, page })
    return () => {}
  }
  let stopImpressions: (() => void) | undefined
  let stopped = false
  const watch = (since?: PageShown) =>
    withTracker((tracker) => {
      if (!stopped) stopImpressions = tracker.observe(root, page, since)
    })
  const onClick = (event: MouseEvent) => click(event.target, Date.now())
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return
    stopImpressions?.()
    note({ kind: 'page_view', at: Date.now(), page, phase })
    watch()
  }
  root.addEventListener('click', onClick, true)
  window.addEventListener('pageshow', onPageShow)
  watch(shown)
  return () => {
    stopped = true
    stopImpressions?.()
    note({ kind: 'page_left', at: Date.now(), page })
    root.removeEventListener('click', onClick, true)
    window.removeEventListener('pageshow', onPageShow)
  }
}
