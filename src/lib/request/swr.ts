import type { SWRConfiguration } from 'swr'
import { get } from './request'
import type { QueryObject } from './query'

/** SWR key: a URL, or [url, params]. */
export type SwrKey = string | readonly [string, QueryObject]

/** SWR's fetcher: the request layer's GET without its own cache (SWR caches). */
export function swrFetcher<T>(key: SwrKey): Promise<T> {
  if (typeof key === 'string') return get<T>(key, { cache: false })
  return get<T>(key[0], { params: key[1], cache: false })
}

export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
}
