// Something the buyer sees from now until it ends: a screen, or a document open. Leaving the page ends it too
// (pagehide), and coming back to it from the back-forward cache begins it again.

/** Starts a span; the returned function ends it (once). `hiding`: the page is going away now. */
export function startSpan(begin: () => void, end: (durationMs: number, hiding: boolean) => void): () => void {
  let since: number | null = null
  const open = () => {
    since = Date.now()
    begin()
  }
  const close = (hiding: boolean) => {
    if (since === null) return
    const durationMs = Date.now() - since
    since = null
    end(durationMs, hiding)
  }
  const onHide = () => close(true)
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted && since === null) open()
  }
  open()
  window.addEventListener('pagehide', onHide)
  window.addEventListener('pageshow', onShow)
  return () => {
    window.removeEventListener('pagehide', onHide)
    window.removeEventListener('pageshow', onShow)
    close(false)
  }
}
