import {
  Component,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import type { SWRConfiguration } from 'swr'
import { DelayedFallback } from '../../components/DelayedFallback'
import { goBack, isInAppPath, withLayoutPrefix } from '../../components/navigation/appPath'
import { belowBasename, ROUTER_BASENAME } from '../../config/router'
import { PageHostContext, type HostNavigateOptions, type PageHost } from '../../page-runtime/pageHost'
import {
  PrerenderContext,
  useHydrating,
  usePrerender,
  type PrerenderSnapshot,
} from '../../components/prerender'
import { installUnauthorizedRedirect } from '../../features/member/unauthorizedHandler'
import type { ScreenRoute } from '../../types/route'
import { AppProviders } from '../AppProviders'
import type { FirstNavigation } from '../AppRouter'
import { LayoutFrame } from '../layouts/LayoutFrame'
import { useHostTitleBar } from '../layouts/useHostTitleBar'
import { loadChunk } from '../../lib/lazyChunk'
import { nativeBridge } from '../../lib/nativeBridge'
import { setScreenShareTitle } from '../../lib/wechat/shareCards'
import { ChunkErrorScreen } from '../screens/ChunkErrorScreen'

// A config page opened directly (a campaign link) renders here, in the same frame as the app but without the
// router and the app's other screens, so it shows with far less JavaScript. The first navigation away loads
// the app's router, lets it navigate, and then hands the screen over to it.

type AppRouterModule = typeof import('../AppRouter')
/** Hands the screen to the app's router, after it navigated there (none: it shows the current URL). */
type Leave = (to?: string | number, options?: HostNavigateOptions) => void

const loadAppRouter = () => loadChunk(() => import('../AppRouter'))

/**
 * `screen`: the page's component when it has already loaded. `prerendered`: the snapshot of the page's
 * prerendered HTML when this render hydrates it (or renders it at build time); dropped once hydrated, when
 * `onHydrated` is called.
 */
export function ConfigShell({
  route,
  screen,
  prerendered,
  onHydrated,
  swr,
}: {
  route: ScreenRoute
  screen?: ComponentType
  prerendered?: PrerenderSnapshot
  onHydrated?: () => void
  /** More SWR options: the data the server rendered the page's blocks with (and, on the server, its own cache). */
  swr?: SWRConfiguration
}) {
  // The server's snapshot while rendering the HTML and hydrating it; React renders again with the client's.
  const hydrating = useHydrating()
  const snapshot = hydrating ? (prerendered ?? null) : null
  useEffect(() => {
    if (!hydrating) onHydrated?.()
  }, [hydrating, onHydrated])
  const [app, setApp] = useState<{ module: AppRouterModule; first?: FirstNavigation } | null>(null)
  const [leaving, setLeaving] = useState(false)
  const left = useRef(false)

  const leave = useCallback<Leave>((to, options) => {
    // One handover: a second tap while the router loads must not create a second router.
    if (left.current) return
    left.current = true
    setLeaving(true)
    loadAppRouter().then(
      async (module) => {
        // The screens here and at the destination load before the router takes over, so this page stays until
        // then; the router then starts at this URL and goes on to the destination at once.
        const here = belowBasename(window.location.pathname) ?? window.location.pathname
        await Promise.all([
          module.preloadScreensAt(here),
          typeof to === 'string' ? module.preloadScreensAt(to) : undefined,
        ])
        setApp({ module, first: to === undefined ? undefined : { to, options } })
      },
      // Without the router's chunk, the browser navigates instead.
      () => {
        if (typeof to === 'number') window.history.go(to)
        else if (to !== undefined) window.location.assign(ROUTER_BASENAME.replace(/\/$/, '') + to)
        else window.location.reload()
      },
    )
  }, [])

  return (
    <PrerenderContext value={snapshot}>
      <AppProviders swr={swr}>
        {app ? (
          <app.module.AppRouter first={app.first} />
        ) : (
          <LightBoundary onError={() => leave()}>
            <LightPage route={route} loaded={screen} leave={leave} leaving={leaving} />
          </LightBoundary>
        )}
      </AppProviders>
    </PrerenderContext>
  )
}

interface LightPageProps {
  route: ScreenRoute
  loaded?: ComponentType
  leave: Leave
  leaving: boolean
}

function LightPage({ route, loaded, leave, leaving }: LightPageProps) {
  const [screen, setScreen] = useState<{ Screen: ComponentType } | 'failed' | null>(() =>
    loaded ? { Screen: loaded } : null,
  )
  const prerender = usePrerender()
  const hostTitleBar = useHostTitleBar()
  const host = useMemo<PageHost>(() => {
    // Prerendered HTML was rendered for the route's own path, without a query.
    const pathname = prerender
      ? prerender.pathname
      : (belowBasename(window.location.pathname) ?? window.location.pathname)
    return {
      pathname,
      search: prerender ? '' : window.location.search,
      params: {},
      navigate: (to, options) => leave(typeof to === 'number' ? to : withLayoutPrefix(to, pathname), options),
    }
  }, [leave, prerender])

  const needsLoad = !loaded
  useEffect(() => {
    if (!needsLoad) return
    let alive = true
    loadChunk(route.load).then(
      (module) => {
        if (alive) setScreen({ Screen: module.default })
      },
      (error: unknown) => {
        console.error('[config-shell] page chunk failed to load', route.path, error)
        if (alive) setScreen('failed')
      },
    )
    return () => {
      alive = false
    }
  }, [route, needsLoad])
  useEffect(() => {
    nativeBridge.setTitle(route.title)
    setScreenShareTitle(route.title)
  }, [route.title])
  useEffect(
    () =>
      installUnauthorizedRedirect({
        location: () => ({ pathname: host.pathname, search: host.search }),
        navigate: (to) => host.navigate(to),
      }),
    [host],
  )
  // Only the app's router knows other entries of this tab's history.
  useEffect(() => {
    const onPopState = () => leave()
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [leave])

  return (
    <LayoutFrame
      inApp={isInAppPath(host.pathname)}
      hostTitleBar={hostTitleBar}
      title={route.title}
      onBack={() => goBack(host.navigate)}
      pending={
        leaving && (
          <div className="navigation-pending">
            <DelayedFallback />
          </div>
        )
      }
    >
      {screen === 'failed' ? (
        <ChunkErrorScreen />
      ) : screen ? (
        <PageHostContext.Provider value={host}>
          <screen.Screen />
        </PageHostContext.Provider>
      ) : (
        <DelayedFallback />
      )}
    </LayoutFrame>
  )
}

/** A page that throws is handed to the app's router, whose error screen offers retry and home. */
class LightBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: unknown) {
    console.error('[config-shell] page failed', error)
    this.props.onError()
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}
