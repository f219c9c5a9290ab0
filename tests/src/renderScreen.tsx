import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { swrConfig } from '../../src/lib/request'

/**
 * Renders one screen at a path inside a data router, with a fresh SWR cache; other paths render "elsewhere".
 * `others` are screens the route table also has (each renders its path), for screens that look at the table.
 */
export function renderScreen(
  Screen: ComponentType,
  path: string,
  routePath = path.split('?')[0],
  others: string[] = [],
) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: <Screen /> },
      ...others.map((other) => ({ path: other, element: <p data-testid="screen">{other}</p> })),
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  )
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  )
  return router
}

/** Stubs fetch (the network edge in jsdom) with canned JSON per URL path. */
export function stubApi(routes: Record<string, unknown | ((url: URL) => { status: number; body: unknown })>) {
  const calls: string[] = []
  const fetchStub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push(url.pathname + url.search)
    const route = routes[url.pathname]
    if (route === undefined)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: '接口不存在' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    const { status, body } =
      typeof route === 'function'
        ? (route as (u: URL) => { status: number; body: unknown })(url)
        : { status: 200, body: route }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  globalThis.fetch = fetchStub as typeof fetch
  return calls
}
