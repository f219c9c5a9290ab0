import type { PageRef, PageShown } from './notes'

// The part of a config page's analytics that loads with the page (ConfigPage), kept to a few lines: a config page
// must stay within its bytes (bench:routes). It notes when the page showed, where the window was scrolled and the
// taps on it, and sends for the rest (page.ts) at the first scroll or tap, as the page hides or goes, or 3 s after
// it showed: never while the page is still loading what it shows.

/** A config page shown in `root` for this visitor; returns what ends it. */
export function showPage(root: HTMLElement, ref: PageRef): () => void {
  const shown: PageShown = { at: Date.now(), y: scrollY, taps: [] }
  const tap = (event: Event) => shown.taps.push([event.target, Date.now()])
  let stop: (() => void) | undefined
  const go = (): void => {
    if (shown.moved) return
    // When the rest was sent for. Offline, it fails quietly (go again does nothing): an event less.
    shown.moved = Date.now()
    import('./page').then((m) => (stop = m.observePage(root, ref, shown, tap)), go)
  }
  root.addEventListener('click', tap, true)
  for (const type of ['scroll', 'pointerdown', 'visibilitychange'])
    addEventListener(type, go, { capture: true, once: true })
  const timer = setTimeout(go, 3000)
  return () => {
    clearTimeout(timer)
    shown.left = Date.now()
    go()
    stop?.()
  }
}
