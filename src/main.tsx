// antd-mobile's global styles (its CSS variables) first: its barrel, side-effect free in the build
// (vite.config.ts), does not bring them.
import 'antd-mobile/es/global'
import { StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { bootstrap } from './app/bootstrap'
import { ConfigShell } from './app/configShell/ConfigShell'
import { loadChunk } from './lib/lazyChunk'
import { ChunkErrorScreen } from './app/screens/ChunkErrorScreen'
import { LAZY_PLACEHOLDER_DELAY_MS } from './config/constants'
import { prerenderHolds, VALID_FROM_ATTRIBUTE, VALID_UNTIL_ATTRIBUTE } from './page-config/prerenderBoot'
import { readPayload } from './app/ssr/payload'
import { publishedTitle, readPublishedPage } from './page-config/publishedPageData'
import { readConfigPageData } from './page-config/configPageData'
import type { ScreenRoute } from './types/route'
import { documentConfigRoute } from './page-runtime/configScreenLoader'
import { PRERENDER_ATTRIBUTE, readPrerender, sentToSession } from './components/prerender'
import { refreshSession } from './features/member/session'
import { clockOffset } from './page-runtime/serverClock'
import { persistor } from './state'
import './styles/global.css'
import './styles/targets.css'

bootstrap()

const container = document.getElementById('root') as HTMLElement
const render = (node: ReactNode) => {
  // Prerendered HTML that is not hydrated is replaced by React when it commits its first render, not emptied
  // before: a blank frame in between would make the whole page jump.
  container.removeAttribute(PRERENDER_ATTRIBUTE)
  createRoot(container).render(<StrictMode>{node}</StrictMode>)
}

/**
 * A stylesheet of the HTML that did not load (prerendered pages apply theirs from the HTML, not through Vite,
 * which would notice). Ours are same-origin and CORS-enabled: a failed one has no sheet or no readable rules.
 */
const stylesheetFailed = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => {
    try {
      return !link.sheet?.cssRules.length
    } catch {
      return true
    }
  })

// A config page opened directly (its HTML names its route) renders in the light shell, without the router;
// anything else starts the app (whose router renders config pages too).
const configRoute = documentConfigRoute()
const prerendered = configRoute && readPrerender(container)
/** The route of a page published through the studio (src/app/publishedPages/routes.ts). */
const PUBLISHED_PAGE_ROUTE = '/activity/:id'
// A page published through the studio, sent by the server in the light shell with its config embedded.
const published = configRoute ? null : readPublishedPage(document)
// A screen the server rendered for this visitor, with the data it was rendered with.
const screenRendered = !configRoute && readPrerender(container)
const screenPayload = screenRendered && readPayload(document)

/**
 * A light-shell page hydrated: taps count from now on (src/styles/global.css); sent, rendered for everyone, to a
 * visitor with a session, it learns whose session that is (the stores may not know it yet).
 */
const lightShellHydrated = () => {
  container.removeAttribute(PRERENDER_ATTRIBUTE)
  if (sentToSession()) void refreshSession()
}

/**
 * Prerendered HTML hydrates while it still holds on server time (the boot script judged it on the device clock,
 * and already dropped it under another path than it was rendered for).
 */
const hydratable = (offset: number) =>
  prerenderHolds(
    container.getAttribute(VALID_FROM_ATTRIBUTE),
    container.getAttribute(VALID_UNTIL_ATTRIBUTE),
    Date.now() + offset,
  )

if (stylesheetFailed()) {
  console.error('[app] a stylesheet failed to load')
  render(<ChunkErrorScreen />)
} else if (configRoute && prerendered) {
  // The page already shows: wait for everything its first render needs, then hydrate it.
  Promise.all([configRoute.load(), persistor.restore(), clockOffset()]).then(
    ([{ default: screen }, , offset]) => {
      if (!hydratable(offset)) return render(<ConfigShell route={configRoute} screen={screen} />)
      hydrateRoot(
        container,
        <StrictMode>
          <ConfigShell
            route={configRoute}
            screen={screen}
            prerendered={prerendered}
            // What its blocks were rendered with (the server's render; they ask again once it shows).
            swr={{ fallback: readConfigPageData(document).fallback }}
            onHydrated={lightShellHydrated}
          />
        </StrictMode>,
        {
          onRecoverableError: (error) => console.warn('[prerender] hydration fell back to rendering', error),
        },
      )
    },
    () => render(<ConfigShell route={configRoute} />),
  )
} else if (configRoute) {
  // The page's chunks are already on their way (see configRoutes): when they and the stored state arrive
  // soon, the first render is the whole page rather than a placeholder followed by it.
  const soon = new Promise<undefined>((resolve) => setTimeout(resolve, LAZY_PLACEHOLDER_DELAY_MS))
  void Promise.race([
    Promise.all([configRoute.load(), persistor.restore()]).then(([{ default: screen }]) => screen),
    soon,
  ]).then(
    (screen) => render(<ConfigShell route={configRoute} screen={screen} />),
    () => render(<ConfigShell route={configRoute} />),
  )
} else if (published) {
  // Booted like a folder config page, with the embedded config: only the runtime and the blocks it shows load.
  const shell = loadChunk(() => import('./app/configShell/publishedShell')).then(
    ({ preparePublishedShell }) =>
      preparePublishedShell(published, screenRendered ? screenRendered.nowMs : undefined),
  )
  if (screenRendered)
    Promise.all([shell, persistor.restore(), clockOffset()]).then(
      ([{ route, screen }, , offset]) => {
        if (!hydratable(offset)) return render(<ConfigShell route={route} screen={screen} />)
        hydrateRoot(
          container,
          <StrictMode>
            <ConfigShell
              route={route}
              screen={screen}
              prerendered={screenRendered}
              swr={{ fallback: published.fallback ?? {} }}
              onHydrated={lightShellHydrated}
            />
          </StrictMode>,
          {
            onRecoverableError: (error) =>
              console.warn('[prerender] hydration fell back to rendering', error),
          },
        )
      },
      (error: unknown) => {
        console.error('[app] the published page could not start', error)
        render(<ChunkErrorScreen />)
      },
    )
  else {
    // Not rendered by the server (no renderer, or its HTML no longer holds): rendered here, in the frame, with
    // the placeholder if the page takes a moment (a chunk that fails shows the reload screen).
    const route: ScreenRoute = {
      path: PUBLISHED_PAGE_ROUTE,
      title: publishedTitle(published.config),
      load: () => shell.then(({ screen }) => ({ default: screen })),
    }
    const soon = new Promise<undefined>((resolve) => setTimeout(resolve, LAZY_PLACEHOLDER_DELAY_MS))
    void Promise.race([Promise.all([shell, persistor.restore()]).then(([{ screen }]) => screen), soon]).then(
      (screen) => render(<ConfigShell route={route} screen={screen} />),
      () => render(<ConfigShell route={route} />),
    )
  }
} else if (screenRendered && screenPayload) {
  // The screen already shows: load its code and hydrate it; if that fails, render it afresh.
  loadChunk(() => import('./app/ssr/hydrateScreen'))
    .then(({ hydrateScreen }) => hydrateScreen(container, screenRendered, screenPayload))
    .catch((error: unknown) => {
      console.error('[app] the rendered screen could not be hydrated', error)
      render(<ChunkErrorScreen />)
    })
} else
  loadChunk(() => import('./app/App')).then(
    ({ App }) => render(<App />),
    (error: unknown) => {
      console.error('[app] the app chunk failed to load', error)
      render(<ChunkErrorScreen />)
    },
  )
