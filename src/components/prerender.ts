import { createContext, useContext, useSyncExternalStore } from 'react'
import { PRERENDER_ATTRIBUTE, RENDERED_FOR_ATTRIBUTE } from '../page-config/prerenderBoot'

// HTML rendered before the browser runs the page: a config page's at build time (scripts/prerender), for the
// moment of the build, logged out, before any data; a screen's by the server for each visitor (src/app/ssr),
// with its data. The browser hydrates it. Both renders see the same snapshot, so they agree; after hydration
// the snapshot is dropped and the page renders for this device's time and state.

export interface PrerenderSnapshot {
  /** The route path the HTML was rendered for. */
  pathname: string
  /** The moment it was rendered for (ms). */
  nowMs: number
  /**
   * The HTML shows the page's data sources (a published page rendered by the server, whose results travel with
   * the page): the page renders them, not their loading state. Absent: rendered before its data (the build).
   */
  withData?: boolean
}

export { PRERENDER_ATTRIBUTE } from '../page-config/prerenderBoot'

/**
 * Whether the server sent this document's HTML, rendered for nobody, to a visitor with a session
 * (RENDERED_FOR_ATTRIBUTE, server/platform/screenRendering.ts): they are logged in before their stores or the
 * API say so.
 */
export const sentToSession = (): boolean =>
  typeof document !== 'undefined' &&
  document.getElementById('root')?.getAttribute(RENDERED_FOR_ATTRIBUTE) === 'session'

export const PrerenderContext = createContext<PrerenderSnapshot | null>(null)

/** The snapshot while rendering prerendered HTML (on the build, then hydrating); null otherwise. */
export function usePrerender(): PrerenderSnapshot | null {
  return useContext(PrerenderContext)
}

/** The snapshot of the page's prerendered HTML, if #root holds some. */
export function readPrerender(root: Element): PrerenderSnapshot | null {
  const raw = root.getAttribute(PRERENDER_ATTRIBUTE)
  if (!raw || !root.firstElementChild) return null
  try {
    const parsed = JSON.parse(raw) as Partial<PrerenderSnapshot>
    return typeof parsed.pathname === 'string' && typeof parsed.nowMs === 'number'
      ? {
          pathname: parsed.pathname,
          nowMs: parsed.nowMs,
          ...(parsed.withData === true ? { withData: true } : {}),
        }
      : null
  } catch {
    return null
  }
}

const noSubscription = () => () => {}
const notHydrating = () => false
const hydrating = () => true

/** True while React renders on the server or hydrates that HTML; it renders again with false right after. */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, notHydrating, hydrating)
}
