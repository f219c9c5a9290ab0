export {
  request,
  get,
  post,
  put,
  patch,
  del,
  head,
  options,
  addErrorHandler,
  clearRequestCache,
  setTransport,
  browserTransport,
} from './request'
export type { Method, RequestOptions, ErrorHandler } from './request'
export { HttpError, TimeoutError, ParseError, QueryLimitError, apiErrorOf, describeError } from './errors'
export type { ApiErrorBody } from './errors'
export { encodeQuery, parseQuery } from './query'
export type { QueryObject, QueryValue, ParsedQuery } from './query'
export { swrFetcher, swrConfig, refreshServerData } from './swr'
export type { SwrKey } from './swr'
export { IDEMPOTENCY_HEADER, newIdempotencyKey, withIdempotencyKey } from './idempotency'
