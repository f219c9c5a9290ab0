import { act, render } from '@testing-library/react'
import { useEffect, type ComponentType } from 'react'
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  useNavigate,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom'
import { SWRConfig } from 'swr'
import { swrConfig } from '../../../src/lib/request'
import { AppRoutes } from '../../../src/app/router'
import { RouteTableContext } from '../../../src/components/navigation/routeTable'

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
function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <RouteTableContext value={routes}>
        <RouterProvider router={router} />
      </RouteTableContext>
    </SWRConfig>,
  )
  return router
}

/** What a test of the app's route table drives: where it is, and a navigation as a link would make it. */
export interface AppRoutesUnderTest {
  location(): string
  navigate(to: string): void
}

/**
 * Renders the app's route table (router.tsx) at `path` as the app does (declarative mode, each navigation a
 * transition), with a fresh SWR cache, in an awaited act(): a screen suspends while its chunk loads.
 */
export async function renderAppRoutes(routes: RouteObject[], path: string): Promise<AppRoutesUnderTest> {
  const at: { location: string; navigate: NavigateFunction | null } = { location: path, navigate: null }
  function Probe() {
    const location = useLocation()
    const navigate = useNavigate()
    useEffect(() => {
      at.location = location.pathname + location.search
      at.navigate = navigate
    }, [location, navigate])
    return null
  }
  await act(
    async () =>
      void render(
        <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
          <MemoryRouter initialEntries={[path]}>
            <Probe />
            <AppRoutes table={routes} />
          </MemoryRouter>
        </SWRConfig>,
      ),
  )
  return { location: () => at.location, navigate: (to) => void at.navigate?.(to) }
}
