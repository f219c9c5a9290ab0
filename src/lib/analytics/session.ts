import { randomId } from './ids'
import { markedSource, sourceOf, type VisitSource } from './source'

// A visit ("within a session"): a random id kept in the tab's sessionStorage, a new one after 30 minutes without
// an event, with the source of the visit read from the landing URL when it starts. A later page load whose URL is
// marked (an invite, a push, a share) gives the visit that source. Where storage is off, the page keeps it.

export const SESSION_KEY = 'analytics:session'
export const SESSION_IDLE_MS = 30 * 60 * 1000

interface Stored {
  id: string
  /** The last event's time (ms). */
  last: number
  source: VisitSource
}

let memory: Stored | null = null

function read(): Stored | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEY) || 'null') as Partial<Stored> | null
    if (value && typeof value.id === 'string' && typeof value.last === 'number' && value.source)
      return { id: value.id, last: value.last, source: value.source }
  } catch {
    // Storage off or unreadable: the page's own copy.
  }
  return memory
}

function write(value: Stored): void {
  memory = value
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(value))
  } catch {
    // Storage off or full: kept in memory for this page.
  }
}

/** What this document was loaded at: its first URL (not changed by in-app navigation) and referrer. */
export interface Landing {
  search: string
  referrer: string
  origin: string
}

export function documentLanding(): Landing {
  let href = location.href
  try {
    const [entry] = performance.getEntriesByType('navigation')
    if (entry?.name) href = entry.name
  } catch {
    // No Navigation Timing: the URL now.
  }
  let search = location.search
  try {
    search = new URL(href).search
  } catch {
    // Keep location.search.
  }
  return { search, referrer: document.referrer, origin: location.origin }
}

/**
 * The visit an event at `now` belongs to: the tab's, or a new one after 30 minutes idle (or none yet), its source
 * read from `landing` (this page load's). `applyMark`: the load's first event, when a marked landing URL gives a
 * visit under way its source.
 */
export function sessionAt(
  now: number,
  landing: Landing,
  applyMark: boolean,
): { id: string; source: VisitSource } {
  const stored = read()
  let next: Stored
  if (!stored || now - stored.last > SESSION_IDLE_MS || now < stored.last - SESSION_IDLE_MS)
    next = {
      id: randomId(),
      last: now,
      source: sourceOf(landing.search, landing.referrer, landing.origin),
    }
  else {
    const marked = applyMark ? markedSource(landing.search) : null
    next = { id: stored.id, last: Math.max(now, stored.last), source: marked ?? stored.source }
  }
  write(next)
  return { id: next.id, source: next.source }
}

/** Forgets the visit (the switch turned off). */
export function forgetSession(): void {
  memory = null
  try {
    sessionStorage.removeItem(SESSION_KEY)
  } catch {
    // Nothing kept.
  }
}
