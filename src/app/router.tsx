import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom'
import { DelayedFallback } from '../components/DelayedFallback'
import { IN_APP_PREFIX, ROUTER_BASENAME } from '../config/router'
import { configRoutes } from '../page-runtime/configRoutes'
import { isChunkLoadError, loadChunk } from '../lib/lazyChunk'
import { InAppLayout, MainLayout } from './layouts/MainLayout'
import { RouterPageHost } from './RouterPageHost'
import type { RouteHandle, ScreenRoute } from '../types/route'
import { publishedRoutes, screenRoutes } from './routes'
import { NotFoundScreen } from './screens/NotFoundScreen'
import { RetryingScreen } from './screens/RetryingScreen'
import { RouteErrorScreen } from './screens/RouteErrorScreen'

/**
 * Hand-written screens, the config pages generated from page-configs/, and the pages published through the
 * studio (/activity/:id, ranked after every fixed path by the router).
 */
export const allRoutes: ScreenRoute[] = [...screenRoutes, ...configRoutes, ...publishedRoutes]

function toChild(route: ScreenRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, tab: route.tab, path: route.path }
  const common = {
    handle,
    errorElement: <RouteErrorScreen />,
    // A rejected lazy() leaves React Router unable to render the route at all (blank outlet), and a resolved
    // one is kept for good: a chunk that still fails after its retry resolves to a stand-in that loads it
    // again when back online (or on 重新加载) and then shows the screen.
    lazy: async () => {
      try {
        const Screen = (await loadChunk(route.load)).default
        return {
          Component: () => (
            <RouterPageHost>
              <Screen />
            </RouterPageHost>
          ),
        }
      } catch (error) {
        if (!isChunkLoadError(error)) throw error
        console.error('[route] chunk failed to load', route.path, error.cause)
        const Retrying = () => (
          <RouterPageHost>
            <RetryingScreen load={route.load} />
          </RouterPageHost>
        )
        return { Component: Retrying }
      }
    },
  }
  return route.path === '/' ? { index: true, ...common } : { path: route.path.slice(1), ...common }
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
    {
      path: IN_APP_PREFIX,
      element: <InAppLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <DelayedFallback />,
      children: children(),
    },
    {
      path: '/',
      element: <MainLayout routes={routes} />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <DelayedFallback />,
      children: children(),
    },
  ]
}

export function createAppRouter(routes: RouteObject[] = buildRouteObjects(allRoutes)) {
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME })
}

/**
 * The routes with the screens matching `location` already loaded, for a router that must render them at once:
 * hydrating server-rendered HTML, which a lazy route would first replace with nothing.
 */
export async function routesLoadedFor(location: string): Promise<RouteObject[]> {
  const routes = buildRouteObjects(allRoutes)
  const matches = matchRoutes(routes, location, ROUTER_BASENAME) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy())
      route.lazy = undefined
    }),
  )
  return routes
}
