import type { ComponentType } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { swrConfig } from '../../../../../src/lib/request'

// Component tests of the browse screens: the real screen, router, SWR cache and request layer; only
// `fetch` (the network edge in jsdom) is replaced by a table of API answers.

// jsdom lacks pointer capture, which antd-mobile's gesture handling (Tabs, pickers) calls.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {}
  Element.prototype.releasePointerCapture = () => {}
}

export interface RecordedCall {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

type Answer =
  { status?: number; body: unknown } | ((call: RecordedCall) => { status?: number; body: unknown })

/** Installs a fetch that answers "METHOD /path" from `routes`; unknown routes answer 404. */
export function stubApi(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = []
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    const answer = routes[`${method} ${url.pathname}`]
    const { status = 200, body } =
      answer === undefined
        ? { status: 404, body: { error: { code: 'NOT_FOUND', message: '接口不存在' } } }
        : typeof answer === 'function'
          ? answer(call)
          : answer
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchStub)
  return {
    calls,
    fetchStub,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  }
}

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <p data-testid="location">{pathname + search}</p>
}

/** Renders `Screen` at `path` (matching `pattern`); any other route shows where navigation went. */
export function renderScreen(Screen: ComponentType, path: string, pattern = path.split('?')[0]) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Screen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  )
  const utils = render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  )
  return { ...utils, router }
}
