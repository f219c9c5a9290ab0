// The path of each entry of this tab's history that this page load has shown, by React Router's index
// (history.state.idx). It lets a flow leave its own screens behind: after paying, back goes to where the
// purchase started, never to a pay screen that can no longer pay. Only this document's entries count: going
// back to an entry of an earlier load (before a reload) would load the page afresh instead of navigating.

const trail = new Map<number, string>()

/** React Router's index of the current entry in this tab's history. */
export function currentHistoryIndex(): number {
  return (window.history.state as { idx?: number } | null)?.idx ?? 0
}

/** Records the path of the current history entry (called by the router on every location). */
export function recordHistoryEntry(pathname: string): void {
  trail.set(currentHistoryIndex(), pathname)
}

/** How many entries back the nearest one whose path `accept`s is, or null when this page load did not see it. */
export function stepsBackTo(accept: (pathname: string) => boolean): number | null {
  const idx = currentHistoryIndex()
  for (let i = idx - 1; i >= 0; i--) {
    const pathname = trail.get(i)
    if (pathname === undefined) return null
    if (accept(pathname)) return idx - i
  }
  return null
}
