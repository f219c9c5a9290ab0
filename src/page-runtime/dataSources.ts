import { useCallback } from 'react'
import useSWR, { preload } from 'swr'
import { get, type QueryObject } from '../lib/request'
import { isConfigApiPath } from '../page-config/apiPaths'
import type { PageConfig } from '../types/generated/page'
import type { DataSourceState } from '../blocks/runtime'

type Sources = NonNullable<PageConfig['dataSources']>
/** Each data source's result, settled on its own. */
export type SettledSources = Record<string, { data?: unknown; error?: unknown }>
type Settled = SettledSources

/** Every data source of a page, each settled on its own (never rejects). */
export async function fetchAll(sources: Sources): Promise<Settled> {
  const entries = Object.entries(sources).flatMap(([name, def]) => (def ? [[name, def] as const] : []))
  const names = entries.map(([name]) => name)
  const results = await Promise.allSettled(
    entries.map(([, def]) =>
      // Checked again here: a config may reach the browser without the validator (an old published version).
      isConfigApiPath('get', def.get)
        ? get(def.get, { params: def.query as QueryObject | undefined, cache: false })
        : Promise.reject(new Error(`数据源接口 ${def.get} 不在允许范围内`)),
    ),
  )
  return Object.fromEntries(
    results.map((r, i) => [names[i], r.status === 'fulfilled' ? { data: r.value } : { error: r.reason }]),
  )
}

/** The `limit` a data source's query asks for (a whole number from 1), if any. */
export function expectedItems(def: Sources[string] | undefined): number | undefined {
  const limit = Number(def?.query?.limit)
  return Number.isInteger(limit) && limit > 0 ? limit : undefined
}

/** The SWR key of a page's data sources (useDataSources), null for none. */
export const dataSourcesKey = (sources: PageConfig['dataSources']) =>
  sources && Object.keys(sources).length ? ['page-data-sources', JSON.stringify(sources)] : null

/** Starts fetching a page's data sources while its chunks load; useDataSources picks the request up. */
export function prefetchDataSources(sources: PageConfig['dataSources']): Promise<Settled> | undefined {
  const key = dataSourcesKey(sources)
  return key ? preload(key, () => fetchAll(sources as Sources)) : undefined
}

/**
 * All of a page's data sources in one SWR entry, each settled on its own (one failing does not hide the others).
 * `prefetched` (already settled by prefetchDataSources) lets the first render show the data.
 */
export function useDataSources(
  sources: PageConfig['dataSources'],
  prefetched?: Settled,
): (name: string) => DataSourceState {
  const key = dataSourcesKey(sources)
  const { data, isLoading, mutate } = useSWR(key, () => fetchAll(sources as Sources), {
    fallbackData: prefetched,
  })
  // Same function while nothing changed: the page's runtime (and so its blocks) keeps its identity.
  return useCallback(
    (name: string) => ({
      data: data?.[name]?.data,
      error:
        data?.[name]?.error ??
        (sources && !(name in sources) ? new Error(`数据源 ${name} 不存在`) : undefined),
      // SWR reports loading while it revalidates prefetched data; a block with data has nothing to wait for.
      isLoading: isLoading && data?.[name] === undefined,
      retry: () => void mutate(),
      expected: expectedItems(sources?.[name]),
    }),
    [data, isLoading, mutate, sources],
  )
}
