// Errors raised by the request layer. Each carries what a handler needs to show a sensible message.

export class HttpError<B = unknown> extends Error {
  readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly body: B,
    readonly url: string,
    readonly method: string,
  ) {
    super(`Request failed with status code ${status}`)
  }
}

export class TimeoutError extends Error {
  readonly name = 'TimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`timeout of ${timeoutMs}ms exceeded`)
  }
}

export class ParseError extends Error {
  readonly name = 'ParseError'
  constructor(
    readonly text: string,
    readonly cause: unknown,
  ) {
    super('Response is not valid JSON')
  }
}

export type QueryLimit = 'arrayLimit' | 'depth' | 'parameterLimit'

export class QueryLimitError extends Error {
  readonly name = 'QueryLimitError'
  constructor(
    readonly limit: QueryLimit,
    readonly max: number,
    readonly path: string,
  ) {
    super(`Query ${limit} of ${max} exceeded at "${path}"`)
  }
}

/** Error details in the API's `{"error":{code,message,details}}` envelope, if the body has one. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown[] }
}

export function apiErrorOf(error: unknown): ApiErrorBody['error'] | undefined {
  if (!(error instanceof HttpError)) return undefined
  const body: unknown = error.body
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const inner = (body as { error: unknown }).error
  if (typeof inner !== 'object' || inner === null) return undefined
  const { code, message } = inner as Record<string, unknown>
  return typeof code === 'string' && typeof message === 'string'
    ? (inner as ApiErrorBody['error'])
    : undefined
}

/** A Chinese sentence for any error the request layer can raise. */
export function describeError(error: unknown): string {
  const api = apiErrorOf(error)
  if (api) return api.message
  if (error instanceof TimeoutError) return '请求超时，请检查网络后重试'
  if (error instanceof HttpError) {
    if (error.status === 401) return '请先登录'
    if (error.status === 403) return '没有权限执行此操作'
    if (error.status === 404) return '请求的内容不存在'
    if (error.status >= 500) return '服务暂时不可用，请稍后重试'
    return `请求失败（${error.status}）`
  }
  if (error instanceof ParseError) return '服务返回的数据有误，请稍后重试'
  if (error instanceof DOMException && error.name === 'AbortError') return '请求已取消'
  return '网络异常，请检查网络后重试'
}
