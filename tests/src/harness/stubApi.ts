import { vi } from 'vitest'
import type { ApiErrorBody, ApiResponses } from './apiResponses'

// The network edge of a screen test: `fetch` answers from a table keyed by "METHOD /path", typed by the
// generated API types. A path names one resource (/api/orders/o1) or, with :name segments, any of them
// (/api/orders/:id). The real request layer, SWR and screen run on top of it.

export interface RecordedCall {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}

/** An answer other than 200 with the route's body: an error, or a status the screen must handle. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (status: number, body: ApiErrorBody | object) => new Reply(status, body)

/** The error body the server sends, e.g. `apiError(401, 'UNAUTHENTICATED', '请先登录')`. */
export const apiError = (status: number, code: string, message: string) =>
  new Reply(status, { error: { code, message } } satisfies ApiErrorBody)

type Answer<T> = T | Reply | ((call: RecordedCall) => T | Reply | Promise<T | Reply>)

/** Canned answers: a route's body (200), a Reply, or a function of the request returning either. */
export type ApiAnswers = { [R in keyof ApiResponses]?: Answer<ApiResponses[R]> }

export interface ApiStub {
  calls: RecordedCall[]
  /** Path and query of every request, in order (`/api/orders?status=PAID`). */
  requested: string[]
  callsTo: (method: string, path: string) => RecordedCall[]
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The answer of the exact key, else of the first key whose :name segments match the path. */
function find<T>(table: Record<string, T>, method: string, path: string): T | undefined {
  const exact = table[`${method} ${path}`] ?? table[`${method} ${decodeURIComponent(path)}`]
  if (exact !== undefined) return exact
  const segments = path.split('/')
  for (const [key, answer] of Object.entries(table)) {
    const [keyMethod, keyPath] = key.split(' ')
    const keySegments = keyPath.split('/')
    if (keyMethod !== method || keySegments.length !== segments.length) continue
    if (keySegments.every((s, i) => s.startsWith(':') || s === segments[i])) return answer
  }
  return undefined
}

/** Installs a fetch that answers "METHOD /path" from `answers`; any other request is 404 接口不存在. */
export function stubApi(answers: ApiAnswers): ApiStub {
  const stub: ApiStub = {
    calls: [],
    requested: [],
    callsTo: (method, path) => stub.calls.filter((c) => c.method === method && c.path === path),
  }
  const table = answers as Record<string, Answer<unknown> | undefined>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = (init?.method ?? 'GET').toUpperCase()
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      }
      stub.calls.push(call)
      stub.requested.push(url.pathname + url.search)
      const answer = find(table, method, url.pathname)
      if (answer === undefined) return json(404, { error: { code: 'NOT_FOUND', message: '接口不存在' } })
      const result =
        typeof answer === 'function' ? await (answer as (c: RecordedCall) => unknown)(call) : answer
      return result instanceof Reply ? json(result.status, result.body) : json(200, result)
    }),
  )
  return stub
}
