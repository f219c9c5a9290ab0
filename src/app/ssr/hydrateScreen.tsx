import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { mutate } from 'swr'
import { meKey, type Me } from '../../features/member/api'
import {
  applyLoggedIn,
  clearLocalUser,
  isLoggedInLocally,
  refreshSession,
  storeLoggedIn,
} from '../../features/member/session'
import { PRERENDER_ATTRIBUTE, type PrerenderSnapshot } from '../../components/prerender'
import { RENDERED_FOR_ATTRIBUTE } from '../../page-config/prerenderBoot'
import { persistor } from '../../state'
import { App } from '../App'
import { preloadScreensAt } from '../router'
import { belowBasename } from '../../config/router'
import type { ScreenPayload } from './payload'
import { serverRenderedData } from './screenData'

// The browser's side of a screen the server rendered (src/app/ssr/renderScreen.tsx): the same screen, data and
// session in the stores, so the first render matches the HTML and React only attaches to it; then this device's
// stored state is restored and the app goes on as if it had rendered the screen itself. A screen the server
// rendered for everyone and sent to a logged-in visitor (RENDERED_FOR_ATTRIBUTE `session`) hydrates as it was
// rendered, logged out; then the visitor's own data is fetched: their session, and each of the render's data again.

export async function hydrateScreen(
  container: HTMLElement,
  snapshot: PrerenderSnapshot,
  { fallback, shared = [] }: ScreenPayload,
): Promise<void> {
  // The screen's chunk first: the first render must show it, as the HTML does.
  await preloadScreensAt(belowBasename(window.location.pathname) ?? window.location.pathname)
  const forSession = container.getAttribute(RENDERED_FOR_ATTRIBUTE) === 'session'
  // The server knows the session: its user is in the stores as it was for the render.
  const me = (fallback[meKey] ?? null) as Me | null
  if (me) storeLoggedIn(me)
  const onHydrated = () => {
    // Taps count from now on (src/styles/global.css).
    container.removeAttribute(PRERENDER_ATTRIBUTE)
    void persistor.restore().then(async () => {
      // The session: the render's, or, for a render made for everyone, this visitor's own from the API.
      // What this device remembered of the user yields to the session, as after any answer of /api/me.
      // Its data is asked again at the same time: the requests carry the session cookie, not the stores, and a
      // phone on a slow network would otherwise wait one more round trip for them.
      if (forSession) {
        askAgain(fallback, new Set(shared))
        await refreshSession()
      } else if (me) applyLoggedIn(me)
      else if (isLoggedInLocally()) clearLocalUser(false)
    })
  }
  hydrateRoot(
    container,
    <StrictMode>
      <App hydration={{ snapshot, fallback, use: [serverRenderedData(fallback)], onHydrated }} />
    </StrictMode>,
    { onRecoverableError: (error) => console.warn('[ssr] hydration fell back to rendering', error) },
  )
}

/**
 * Each piece of a render made for everyone that could be this visitor's own (not `shared`: its answer read no
 * session) asked again as them, with the render's data in SWR's cache meanwhile: SWR calls data held only as a
 * fallback "loading" while it asks again, and the screen would swap it for a spinner (a layout shift).
 */
function askAgain(fallback: Record<string, unknown>, shared: ReadonlySet<string>): void {
  for (const [key, data] of Object.entries(fallback))
    if (key !== meKey && !shared.has(key)) void mutate(key, data, { revalidate: true })
}
