import { ResponseCache } from './cache'
import { HttpError, ParseError, TimeoutError } from './errors'
import { encodeQuery, type QueryObject } from './query'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'

export interface RequestOptions {
  params?: QueryObject
  /** Body for POST/PUT/PATCH/DELETE: sent as JSON unless `bodyType` is "form" or it is FormData. */
  data?: unknown
  bodyType?: 'json' | 'form'
  headers?: Record<string, string>
  /** Milliseconds before the request fails with "timeout of {n}ms exceeded". 0 or absent: no timeout. */
  timeout?: number
  /** GET only: use the 60 s response cache (default true). */
  cache?: boolean
  signal?: AbortSignal
  /** Called with any error of this request before it is thrown. */
  onError?: (error: unknown) => void
}

export type ErrorHandler = (error: unknown, context: { method: Method; url: string }) => void

const handlers = new Set<ErrorHandler>()
const responseCache = new ResponseCache()

/** How requests reach the API: the browser's fetch, or, when the server renders a screen, the server itself. */
interface Transport {
  fetch: typeof fetch
  /** False: no response cache (a server renders for many users). */
  cache: boolean
}
/** The browser's: its fetch, with the response cache. */
export const browserTransport: Transport = { fetch: (input, init) => fetch(input, init), cache: true }
let transport = browserTransport

/** Replaces how requests are sent (server rendering: src/app/ssr). */
export function setTransport(next: Transport): void {
  transport = next
}

/** Registers a handler for every failed request; returns its removal. */
export function addErrorHandler(handler: ErrorHandler): () => void {
  handlers.add(handler)
  return () => handlers.delete(handler)
}

export function clearRequestCache(): void {
  responseCache.clear()
}

function buildUrl(url: string, params?: QueryObject): string {
  if (!params) return url
  const query = encodeQuery(params)
  if (!query) return url
  return `${url}${url.includes('?') ? '&' : '?'}${query}`
}

function formBody(data: unknown): URLSearchParams | FormData {
  if (data instanceof FormData || data instanceof URLSearchParams) return data
  return new URLSearchParams(encodeQuery((data ?? {}) as QueryObject))
}

async function parseBody(response: Response, method: Method): Promise<unknown> {
  if (method === 'HEAD' || response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch (cause) {
    if (!response.ok) return text
    throw new ParseError(text, cause)
  }
}

export async function request<T = unknown>(
  method: Method,
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const fullUrl = buildUrl(url, options.params)
  const useCache = method === 'GET' && options.cache !== false && transport.cache
  if (useCache) {
    const cached = responseCache.get(fullUrl)
    if (cached.hit) return cached.value as T
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.data !== undefined && method !== 'GET' && method !== 'HEAD') {
    if (options.bodyType === 'form' || options.data instanceof FormData) body = formBody(options.data)
    else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.data)
    }
  }

  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) controller.abort(options.signal.reason)
  else options.signal?.addEventListener('abort', onAbort, { once: true })

  let timedOut = false
  const timer =
    options.timeout && options.timeout > 0
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, options.timeout)
      : undefined

  try {
    let response: Response
    try {
      response = await transport.fetch(fullUrl, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      })
    } catch (error) {
      if (timedOut) throw new TimeoutError(options.timeout as number)
      throw error
    }
    const parsed = await parseBody(response, method)
    if (response.status < 200 || response.status > 299)
      throw new HttpError(response.status, parsed, fullUrl, method)
    if (useCache) responseCache.set(fullUrl, parsed)
    return parsed as T
  } catch (error) {
    const final =
      timedOut && !(error instanceof TimeoutError) ? new TimeoutError(options.timeout as number) : error
    options.onError?.(final)
    for (const handler of handlers) handler(final, { method, url: fullUrl })
    throw final
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

type NoBody = Omit<RequestOptions, 'data' | 'bodyType'>

export const get = <T = unknown>(url: string, options?: NoBody) => request<T>('GET', url, options)
export const head = <T = unknown>(url: string, options?: NoBody) => request<T>('HEAD', url, options)
export const options = <T = unknown>(url: string, opts?: NoBody) => request<T>('OPTIONS', url, opts)
export const post = <T = unknown>(url: string, data?: unknown, opts?: RequestOptions) =>
  request<T>('POST', url, { ...opts, data })
export const put = <T = unknown>(url: string, data?: unknown, opts?: RequestOptions) =>
  request<T>('PUT', url, { ...opts, data })
export const patch = <T = unknown>(url: string, data?: unknown, opts?: RequestOptions) =>
  request<T>('PATCH', url, { ...opts, data })
export const del = <T = unknown>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, opts)
