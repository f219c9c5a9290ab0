import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  HttpError,
  ParseError,
  TimeoutError,
  addErrorHandler,
  apiErrorOf,
  browserTransport,
  clearRequestCache,
  del,
  describeError,
  get,
  head,
  options,
  patch,
  post,
  put,
  request,
  setTransport,
  swrFetcher,
} from '../../../../src/lib/request'
import { startTestServer } from './testServer'

let srv: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  // The layer as the browser runs it: a server-render test earlier in this worker set the server's transport.
  setTransport(browserTransport)
  srv = await startTestServer()
})
afterAll(() => srv.close())
afterEach(() => {
  clearRequestCache()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

type Echo = { method: string; query: string; body: string; type: string | null; n: number }

describe('methods and bodies', () => {
  it.each([
    ['GET', () => get<Echo>(`${srv.base}/echo`, { cache: false })],
    ['POST', () => post<Echo>(`${srv.base}/echo`, { a: 1 })],
    ['PUT', () => put<Echo>(`${srv.base}/echo`, { a: 1 })],
    ['PATCH', () => patch<Echo>(`${srv.base}/echo`, { a: 1 })],
    ['DELETE', () => del<Echo>(`${srv.base}/echo`, { data: { a: 1 } })],
    ['OPTIONS', () => options<Echo>(`${srv.base}/echo`)],
  ])('%s reaches the server with that method', async (method, call) => {
    const res = await call()
    expect(res.method).toBe(method)
  })

  it('HEAD resolves with no body', async () => {
    await expect(head(`${srv.base}/echo`)).resolves.toBeUndefined()
    expect(srv.received.at(-1)?.method).toBe('HEAD')
  })

  it('sends JSON bodies as application/json', async () => {
    const res = await post<Echo>(`${srv.base}/echo`, { phone: '13800000000', list: [1, 2] })
    expect(res.type).toBe('application/json')
    expect(JSON.parse(res.body)).toEqual({ phone: '13800000000', list: [1, 2] })
  })

  it('sends form bodies as application/x-www-form-urlencoded', async () => {
    const res = await put<Echo>(`${srv.base}/echo`, { name: '张三', tags: ['a', 'b'] }, { bodyType: 'form' })
    expect(res.type).toContain('application/x-www-form-urlencoded')
    expect(new URLSearchParams(res.body).get('name')).toBe('张三')
    expect(new URLSearchParams(res.body).getAll('tags')).toEqual(['a', 'b'])
  })

  it('sends FormData as multipart', async () => {
    const form = new FormData()
    form.set('file', 'x')
    const res = await post<Echo>(`${srv.base}/echo`, form)
    expect(res.type).toContain('multipart/form-data')
  })

  it('puts params in the query string', async () => {
    const res = await get<Echo>(`${srv.base}/echo`, {
      params: { q: '意外 险', page: 2, ids: ['a', 'b'], skip: undefined },
      cache: false,
    })
    const query = new URLSearchParams(res.query)
    expect(query.get('q')).toBe('意外 险')
    expect(query.getAll('ids')).toEqual(['a', 'b'])
    expect(query.has('skip')).toBe(false)
  })

  it('fails loudly instead of truncating params past a limit', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => String(i))
    const before = srv.received.length
    await expect(get(`${srv.base}/echo`, { params: { ids } })).rejects.toThrow(/arrayLimit of 20/)
    expect(srv.received.length).toBe(before)
  })

  it('always uses same-origin credentials', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    await post(`${srv.base}/echo`, {})
    expect(spy.mock.calls[0][1]?.credentials).toBe('same-origin')
  })
})

describe('responses and errors', () => {
  it('a status outside 200-299 throws HttpError with the parsed JSON body', async () => {
    const error = await post(`${srv.base}/bad-request`, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(400)
    expect(apiErrorOf(error)).toMatchObject({ code: 'INVALID_PHONE', message: '手机号格式不正确' })
    expect(describeError(error)).toBe('手机号格式不正确')
  })

  it('a text error body is kept as text', async () => {
    const error = (await get(`${srv.base}/server-error-text`).catch((e: unknown) => e)) as HttpError
    expect(error.status).toBe(502)
    expect(error.body).toBe('Bad Gateway')
    expect(describeError(error)).toBe('服务暂时不可用，请稍后重试')
  })

  it('invalid JSON in a 2xx response is a ParseError', async () => {
    const error = await get(`${srv.base}/broken-json`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).text).toBe('{"items": [')
  })

  it('text responses resolve as text, 204 as undefined', async () => {
    await expect(get(`${srv.base}/text`)).resolves.toBe('纯文本')
    await expect(del(`${srv.base}/empty`)).resolves.toBeUndefined()
  })

  it('timeout: "timeout of {n}ms exceeded"', async () => {
    const error = await get(`${srv.base}/slow`, { timeout: 50 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe('timeout of 50ms exceeded')
    await expect(get(`${srv.base}/slow`, { timeout: 2000, cache: false })).resolves.toEqual({ slow: true })
  })

  it('cancellation through an AbortSignal rejects with AbortError', async () => {
    const controller = new AbortController()
    const pending = get(`${srv.base}/slow`, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('error handlers: global ones and the per-request onError see the error', async () => {
    const global = vi.fn()
    const remove = addErrorHandler(global)
    const local = vi.fn()
    await get(`${srv.base}/missing`, { onError: local }).catch(() => {})
    expect(local).toHaveBeenCalledWith(expect.any(HttpError))
    expect(global).toHaveBeenCalledWith(expect.any(HttpError), expect.objectContaining({ method: 'GET' }))
    remove()
    await get(`${srv.base}/missing`).catch(() => {})
    expect(global).toHaveBeenCalledTimes(1)
  })
})

describe('GET cache', () => {
  it('serves a repeated GET from the cache for 60 s, then fetches again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const first = await get<{ n: number }>(`${srv.base}/counter`)
    const second = await get<{ n: number }>(`${srv.base}/counter`)
    expect(second.n).toBe(first.n)
    vi.setSystemTime(Date.now() + 59_999)
    expect((await get<{ n: number }>(`${srv.base}/counter`)).n).toBe(first.n)
    vi.setSystemTime(Date.now() + 2)
    expect((await get<{ n: number }>(`${srv.base}/counter`)).n).toBe(first.n + 1)
  })

  it('cache: false bypasses it; other methods and failures are never cached', async () => {
    const a = await get<{ n: number }>(`${srv.base}/counter`)
    const b = await get<{ n: number }>(`${srv.base}/counter`, { cache: false })
    expect(b.n).toBe(a.n + 1)
    const p1 = await request<Echo>('POST', `${srv.base}/echo`)
    const p2 = await request<Echo>('POST', `${srv.base}/echo`)
    expect(p2.n).toBe(p1.n + 1)
  })

  it('different params are different cache entries; cached values cannot be mutated by callers', async () => {
    const a = await get<Echo>(`${srv.base}/echo`, { params: { x: 1 } })
    const b = await get<Echo>(`${srv.base}/echo`, { params: { x: 2 } })
    expect(a.query).not.toBe(b.query)
    a.query = 'changed'
    expect((await get<Echo>(`${srv.base}/echo`, { params: { x: 1 } })).query).toBe('?x=1')
  })

  it('the SWR fetcher does not use the request cache (SWR caches itself)', async () => {
    const a = await swrFetcher<{ n: number }>(`${srv.base}/counter`)
    const b = await swrFetcher<{ n: number }>([`${srv.base}/counter`, { v: 1 }])
    expect(b.n).toBe(a.n + 1)
  })
})
