import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { swrConfig } from '../../../src/lib/request'

/** Where navigation went: any path the test did not name shows its path and query here. */
function LocationProbe() {
  const { pathname, search } = useLocation()
  return <p data-testid="location">{pathname + search}</p>
}

/**
 * Renders one screen at `path` (matching `pattern`) inside a data router, with a fresh SWR cache. `others` are
 * screens the route table also has (each renders its path as data-testid="screen"), for screens that look at
 * the table.
 */
export function renderScreen(
  Screen: ComponentType,
  path: string,
  pattern = path.split('?')[0],
  others: string[] = [],
) {
  return renderRoutes(
    [
      { path: pattern, element: <Screen /> },
      ...others.map((other) => ({ path: other, element: <p data-testid="screen">{other}</p> })),
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
}

/** Renders route objects (e.g. the app's whole route table) at `path`, with a fresh SWR cache. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  )
  return router
}
