// The path of each entry of this tab's in-app history, by React Router's index (history.state.idx), kept in
// sessionStorage so a reload keeps it. It lets a flow leave its own screens behind: after paying, back goes to
// where the purchase started, never to a pay screen that can no longer pay.

const STORAGE_KEY = 'mall:history-trail'
let trail: Record<number, string> | null = null

function load(): Record<number, string> {
  if (trail) return trail
  try {
    trail = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<number, string>
  } catch {
    trail = {}
  }
  return trail
}

/** React Router's index of the current entry in this tab's history. */
export function currentHistoryIndex(): number {
  return (window.history.state as { idx?: number } | null)?.idx ?? 0
}

/** Records the path of the current history entry (called by the router on every location). */
export function recordHistoryEntry(pathname: string): void {
  const entries = load()
  const idx = currentHistoryIndex()
  if (entries[idx] === pathname) return
  entries[idx] = pathname
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries))
  } catch {
    // Private mode without storage: the trail lasts as long as the page.
  }
}

/** How many entries back the nearest one whose path `accept`s is, or null when the trail does not say. */
export function stepsBackTo(accept: (pathname: string) => boolean): number | null {
  const entries = load()
  const idx = currentHistoryIndex()
  for (let i = idx - 1; i >= 0; i--) {
    const pathname = entries[i]
    if (pathname === undefined) return null
    if (accept(pathname)) return idx - i
  }
  return null
}
