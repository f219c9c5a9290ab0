import { createElement, use, type ComponentType } from 'react'
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom'
import { IN_APP_PREFIX } from '../config/router'
import { configRoutes } from '../page-runtime/configRoutes'
import { isChunkLoadError, loadChunk } from '../lib/lazyChunk'
import { InAppLayout, MainLayout } from './layouts/MainLayout'
import { RouterPageHost } from './RouterPageHost'
import type { RouteHandle, ScreenLoader, ScreenRoute } from '../types/route'
import { publishedRoutes, screenRoutes } from './routes'
import { NotFoundScreen } from './screens/NotFoundScreen'
import { RetryingScreen } from './screens/RetryingScreen'
import { RouteErrorBoundary } from './screens/RouteErrorScreen'
import { screenLoading } from './screenLoading'
import { RouteTableContext } from '../components/navigation/routeTable'

// The app's route table for React Router's declarative mode (BrowserRouter + useRoutes, StaticRouter on the
// server): the data router's loaders, fetchers and navigation state were never used, and cost every screen about
// 17 KiB gzip of the router's code. Each screen's chunk loads when the screen is first rendered (or before: a
// hydration, a handover from the light shell); a navigation is a transition (BrowserRouter), so the screen shown
// stays until the next one's chunk is in, with the placeholder after 200 ms (NavigationPending).

/**
 * Hand-written screens, the config pages generated from page-configs/, and the pages published through the
 * studio (/activity/:id, ranked after every fixed path by the router).
 */
export const allRoutes: ScreenRoute[] = [...screenRoutes, ...configRoutes, ...publishedRoutes]

/**
 * A screen's chunk, loaded once: its component, or a stand-in that loads it again (offline, a failed chunk). The
 * promise says it is fulfilled once it is (React's `use` then returns at once rather than suspending for a turn):
 * a screen preloaded for hydration or a server render renders in one pass.
 */
type ScreenChunk = Promise<ComponentType> & { status?: 'fulfilled'; value?: ComponentType }

const lazyScreens = new Map<ScreenRoute['load'], () => ScreenChunk>()
/** Each loaded screen module's data loader (its `loader` export). */
const screenLoaders = new Map<ScreenRoute['load'], ScreenLoader>()

function lazyScreen(route: ScreenRoute): () => ScreenChunk {
  const known = lazyScreens.get(route.load)
  if (known) return known
  let chunk: ScreenChunk | null = null
  const load = () => {
    if (chunk) return chunk
    const loading: ScreenChunk = screenLoading.track(
      loadChunk(route.load).then(
        (module) => {
          if (module.loader) screenLoaders.set(route.load, module.loader)
          return module.default
        },
        (error: unknown) => {
          // A chunk that still fails after its retry is a stand-in that loads it again when back online (or on
          // 重新加载) and then shows the screen; anything else is the screen's error.
          if (!isChunkLoadError(error)) throw error
          console.error('[route] chunk failed to load', route.path, error.cause)
          return function Retrying() {
            return <RetryingScreen load={route.load} />
          }
        },
      ),
    )
    // Settled first, before whoever awaits it: a render after that finds it fulfilled.
    loading.then(
      (component) => Object.assign(loading, { status: 'fulfilled', value: component }),
      () => {},
    )
    return (chunk = loading)
  }
  lazyScreens.set(route.load, load)
  return load
}

/** Each screen route's chunk and route (the route objects of every table built). */
const screenOf = new WeakMap<RouteObject, () => ScreenChunk>()
const screenRouteOf = new WeakMap<RouteObject, ScreenRoute>()

/** The route's screen: rendered at once when its chunk is in, else suspended until it is. */
function ScreenAt({ load }: { load: () => ScreenChunk }) {
  // The same component for good once loaded (one per route): not one made in render.
  return createElement(use<ComponentType>(load() as Promise<ComponentType>))
}

function toChild(route: ScreenRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, tab: route.tab, path: route.path }
  const load = lazyScreen(route)
  const element = (
    <RouteErrorBoundary>
      <RouterPageHost>
        <ScreenAt load={load} />
      </RouterPageHost>
    </RouteErrorBoundary>
  )
  const child: RouteObject =
    route.path === '/' ? { index: true, handle, element } : { path: route.path.slice(1), handle, element }
  screenOf.set(child, load)
  screenRouteOf.set(child, route)
  return child
}

const notFound: RouteObject = {
  path: '*',
  element: <NotFoundScreen />,
  handle: { title: '页面不存在' } satisfies RouteHandle,
}

/** The whole table, registered twice: under the main layout (/) and the in-app layout (/app/). */
export function buildRouteObjects(routes: readonly ScreenRoute[]): RouteObject[] {
  const children = () => [...routes.map(toChild), notFound]
  return [
    { path: IN_APP_PREFIX, element: <InAppLayout />, children: children() },
    { path: '/', element: <MainLayout routes={routes} />, children: children() },
  ]
}

let appTable: RouteObject[] | null = null
/** The app's table, built once (the layouts' elements and each screen's chunk are shared by every render). */
export function appRoutes(): RouteObject[] {
  return (appTable ??= buildRouteObjects(allRoutes))
}

/** The screens at `location` (the app's path, below the basename) with their chunks loaded. */
export async function preloadScreensAt(location: string): Promise<void> {
  const pathname = new URL(location, 'http://localhost').pathname
  const matches = matchRoutes(appRoutes(), pathname) ?? []
  await Promise.all(matches.map(({ route }) => screenOf.get(route)?.()))
}

/** The data loaders of the screens at `location` with their path parameters (preloadScreensAt first). */
export function screenLoadersAt(location: string): { loader: ScreenLoader; params: Params }[] {
  const pathname = new URL(location, 'http://localhost').pathname
  return (matchRoutes(appRoutes(), pathname) ?? []).flatMap(({ route, params }) => {
    const screen = screenRouteOf.get(route)
    const loader = screen && screenLoaders.get(screen.load)
    return loader ? [{ loader, params }] : []
  })
}

/** The app's screens for the router's location (the table given to what asks whether a screen exists). */
export function AppRoutes({ table = appRoutes() }: { table?: RouteObject[] }) {
  return <RouteTableContext value={table}>{useRoutes(table)}</RouteTableContext>
}
