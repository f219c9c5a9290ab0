import { vi } from 'vitest'

// The server as these screens see it: /api/time at a fixed moment, and the pages API answering per test.

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Handler = (url: URL) => Response | Promise<Response>

/** Installs a fetch answering /api/time with `nowIso` and each path of `routes`; anything else is 404. */
export function serve(nowIso: string, routes: Record<string, Handler>) {
  const requested: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
      requested.push(url.pathname + url.search)
      if (url.pathname === '/api/time') return json(200, { now: nowIso, epochMs: Date.parse(nowIso) })
      if (url.pathname === '/api/health') return json(200, { status: 'ok', mode: 'production' })
      const handler = routes[url.pathname]
      if (handler) return handler(url)
      return json(404, { error: { code: 'NOT_FOUND', message: '接口不存在' } })
    }),
  )
  return requested
}
