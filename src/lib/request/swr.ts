import { mutate, type SWRConfiguration } from 'swr'
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

/**
 * After an action that changed something on the server (a page's API action, a form entry): every block that shows
 * server data asks again, here or on the page the action goes on to. An entry can open a lottery, add a chance or
 * be the task another campaign on the page requires; which keys that touches is the server's business.
 */
export const refreshServerData = () => mutate(() => true)
