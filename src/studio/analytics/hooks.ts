// SWR hooks of the dashboards (their own keys: a range and step are part of each).
import useSWR from 'swr'
import type { StudioApiError } from '../api/client'
import { analyticsApi, rangeSearch, type DayRange, type Granularity } from '../api/analytics'
import { studioApi } from '../api/endpoints'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true }
const key = (part: string, id: string, range: DayRange, granularity?: Granularity) =>
  ['studio', 'analytics', part, id, rangeSearch(range, granularity)] as const

export const useDashboardPages = (range: DayRange) =>
  useSWR<Awaited<ReturnType<typeof analyticsApi.pages>>, StudioApiError>(
    key('pages', '', range),
    () => analyticsApi.pages(range),
    quiet,
  )

export const useOverview = (id: string, range: DayRange, granularity: Granularity) =>
  useSWR<Awaited<ReturnType<typeof analyticsApi.overview>>, StudioApiError>(
    key('overview', id, range, granularity),
    () => analyticsApi.overview(id, range, granularity),
    quiet,
  )

export const useBlockStats = (id: string, range: DayRange) =>
  useSWR<Awaited<ReturnType<typeof analyticsApi.blocks>>, StudioApiError>(
    key('blocks', id, range),
    () => analyticsApi.blocks(id, range),
    quiet,
  )

export const useFunnel = (id: string, range: DayRange) =>
  useSWR<Awaited<ReturnType<typeof analyticsApi.funnel>>, StudioApiError>(
    key('funnel', id, range),
    () => analyticsApi.funnel(id, range),
    quiet,
  )

export const useCampaignStats = (id: string, range: DayRange) =>
  useSWR<Awaited<ReturnType<typeof analyticsApi.campaigns>>, StudioApiError>(
    key('campaigns', id, range),
    () => analyticsApi.campaigns(id, range),
    quiet,
  )

/** A studio page's live version (the heat overlay's phone shows it); null when the page has none. */
export const useLiveConfig = (id: string, version: number | null) =>
  useSWR(
    version === null ? null : ['studio', 'analytics', 'version', id, version],
    () => studioApi.version(id, version as number),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  )
