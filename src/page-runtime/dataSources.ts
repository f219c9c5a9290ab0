import useSWR from 'swr'
import { get, type QueryObject } from '../lib/request'
import type { PageConfig } from '../types/generated/page'
import type { DataSourceState } from '../blocks/runtime'

type Sources = NonNullable<PageConfig['dataSources']>
type Settled = Record<string, { data?: unknown; error?: unknown }>

async function fetchAll(sources: Sources): Promise<Settled> {
  const entries = Object.entries(sources).flatMap(([name, def]) => (def ? [[name, def] as const] : []))
  const names = entries.map(([name]) => name)
  const results = await Promise.allSettled(
    entries.map(([, def]) => get(def.get, { params: def.query as QueryObject | undefined, cache: false })),
  )
  return Object.fromEntries(
    results.map((r, i) => [names[i], r.status === 'fulfilled' ? { data: r.value } : { error: r.reason }]),
  )
}

/** All of a page's data sources in one SWR entry, each settled on its own (one failing does not hide the others). */
export function useDataSources(sources: PageConfig['dataSources']): (name: string) => DataSourceState {
  const key = sources && Object.keys(sources).length ? ['page-data-sources', JSON.stringify(sources)] : null
  const { data, isLoading, mutate } = useSWR(key, () => fetchAll(sources as Sources))
  return (name) => ({
    data: data?.[name]?.data,
    error: data?.[name]?.error ?? (sources && !(name in sources) ? new Error(`数据源 ${name} 不存在`) : undefined),
    isLoading,
    retry: () => void mutate(),
  })
}
