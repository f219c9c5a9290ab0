// The studio's request layer: JSON over fetch with the session cookie and the CSRF header; a status outside
// 200-299 throws a StudioApiError carrying the server's code, Chinese message and details. The studio keeps its own (tiny) client
// rather than the consumer app's src/lib/request, so its bundle shares nothing with the consumer's shell chunk.

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message)
    this.name = 'StudioApiError'
  }
}

export const API_BASE = '/api/studio'

/**
 * Staff routes demand the session's CSRF value in this header (server/modules/studio/guard.ts): the server sets it
 * at login in a cookie only documents under /studio can read, so the studio can send it and a page cannot.
 */
const CSRF_COOKIE = 'studio_csrf'
const CSRF_HEADER = 'x-studio-csrf'
/** The server's answer to a request without it (an old session from before the cookie existed): sign in again. */
const CSRF_REFUSED = 'STAFF_CSRF_REQUIRED'

/** The session's CSRF value (the studio_csrf cookie): a header on requests, a query parameter on event streams. */
export function csrfValue(): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=')
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='))
  }
  return undefined
}

const unauthorizedListeners = new Set<() => void>()
/**
 * Called on a 401 from any request but the login itself (the session expired), or a 403 for a missing CSRF value;
 * returns the unsubscribe.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown }
}

/** A body already serialized (sent as is): a caller that needs the JSON text too serializes once. */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** The Chinese message for a failure that did not come with one (network down, a proxy's HTML page). */
function fallbackMessage(status: number): string {
  if (status === 0) return '网络异常，请检查网络后重试'
  if (status === 413) return '内容过大，无法提交'
  if (status >= 500) return '服务暂时不可用，请稍后重试'
  return `请求失败（${status}）`
}

export async function studioRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal } = options
  // Read at each request: a login or logout (another tab too) changes it.
  const csrf = csrfValue()
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { ...headers, ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    signal,
  }
  if (body instanceof FormData) {
    init.body = body
  } else if (body !== undefined) {
    init.body = body instanceof JsonText ? body.text : JSON.stringify(body)
    ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
  }
  let response: Response
  try {
    response = await fetch(path.startsWith('/') ? path : `${API_BASE}/${path}`, init)
  } catch (error) {
    if (signal?.aborted) throw error
    throw new StudioApiError(0, 'NETWORK_ERROR', fallbackMessage(0))
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  if (!response.ok) {
    const error = (parsed as ErrorBody | undefined)?.error
    const signedOut =
      (response.status === 401 && !(method === 'POST' && path.endsWith('/session'))) ||
      (response.status === 403 && error?.code === CSRF_REFUSED)
    if (signedOut) unauthorizedListeners.forEach((listener) => listener())
    throw new StudioApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error?.message === 'string' ? error.message : fallbackMessage(response.status),
      Array.isArray(error?.details) ? error.details : [],
    )
  }
  return parsed as T
}

/**
 * A file the server makes (an export): fetched with the session cookie and the CSRF header like any request, so it
 * cannot be a plain link; the caller saves the blob. A refusal throws the same StudioApiError as studioRequest.
 */
export async function studioBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const csrf = csrfValue()
  let response: Response
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: csrf ? { [CSRF_HEADER]: csrf } : {},
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new StudioApiError(0, 'NETWORK_ERROR', fallbackMessage(0))
  }
  if (response.ok) return response.blob()
  let parsed: unknown
  try {
    parsed = JSON.parse(await response.text())
  } catch {
    parsed = undefined
  }
  const error = (parsed as ErrorBody | undefined)?.error
  if (response.status === 401 || (response.status === 403 && error?.code === CSRF_REFUSED))
    unauthorizedListeners.forEach((listener) => listener())
  throw new StudioApiError(
    response.status,
    typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
    typeof error?.message === 'string' ? error.message : fallbackMessage(response.status),
    Array.isArray(error?.details) ? error.details : [],
  )
}

/** The message to show for any error thrown by a request or a handler. */
export function errorMessage(error: unknown): string {
  if (error instanceof StudioApiError) return error.message
  return '操作失败，请稍后重试'
}
