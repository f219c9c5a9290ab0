// SWR hooks for the studio's lists; writes go through studioApi and then revalidate these keys.
import useSWR from 'swr'
import type { StudioApiError } from './client'
import { studioApi } from './endpoints'
import type { PageDetail, PageList } from './types'

export const keys = {
  session: ['studio', 'session'] as const,
  pages: (q: string) => ['studio', 'pages', q] as const,
  page: (id: string) => ['studio', 'page', id] as const,
  versions: (id: string) => ['studio', 'versions', id] as const,
  audit: (pageId: string) => ['studio', 'audit', pageId] as const,
  staff: ['studio', 'staff'] as const,
  partnerHealth: ['studio', 'partner-health'] as const,
}

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }

export const usePages = (q: string) =>
  useSWR<PageList, StudioApiError>(keys.pages(q), () => studioApi.pages(q), {
    ...quiet,
    keepPreviousData: true,
  })

export const usePage = (id: string) =>
  useSWR<PageDetail, StudioApiError>(keys.page(id), () => studioApi.page(id), {
    ...quiet,
    revalidateIfStale: false,
  })

export const useVersions = (id: string, enabled = true) =>
  useSWR(enabled ? keys.versions(id) : null, () => studioApi.versions(id), quiet)

export const useAudit = (pageId: string) =>
  useSWR(keys.audit(pageId), () => studioApi.audit(pageId || undefined), quiet)

export const useStaffList = () => useSWR(keys.staff, () => studioApi.staff(), quiet)

/** Refreshed every 30 s while open: staff watch an outage on it. */
export const usePartnerHealth = () =>
  useSWR(keys.partnerHealth, () => studioApi.partnerHealth(), { ...quiet, refreshInterval: 30_000 })
