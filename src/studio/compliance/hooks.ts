// SWR hooks of the compliance screens (their own keys: nothing else revalidates them).
import useSWR from 'swr'
import type { StudioApiError } from '../api/client'
import { complianceApi, salesSearchParams } from '../api/compliance'
import type {
  ProductVersions,
  SalesPageVersion,
  TrailDetail,
  TrailSearchQuery,
  TrailSearchResult,
} from '../api/types'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }

export const useSalesSearch = (query: TrailSearchQuery) =>
  useSWR<TrailSearchResult, StudioApiError>(
    ['studio', 'compliance', 'sales', salesSearchParams(query)],
    () => complianceApi.searchSales(query),
    { ...quiet, keepPreviousData: true },
  )

/**
 * One sale, its records in the order things happened (a browser event is sent in a batch after it happened; the
 * hash chain's own order is each record's number).
 */
export const useSale = (id: string) =>
  useSWR<TrailDetail, StudioApiError>(
    ['studio', 'compliance', 'sale', id],
    async () => {
      const detail = await complianceApi.sale(id)
      const records = [...detail.records].sort(
        (a, b) => Date.parse(a.happenedAt) - Date.parse(b.happenedAt) || a.seq - b.seq,
      )
      return { ...detail, records }
    },
    quiet,
  )

export const useProductVersions = (productId: string | undefined) =>
  useSWR<ProductVersions, StudioApiError>(
    productId ? ['studio', 'product-versions', productId] : null,
    () => complianceApi.productVersions(productId ?? ''),
    quiet,
  )

export const useSalesPageVersion = (versionId: number | undefined) =>
  useSWR<SalesPageVersion, StudioApiError>(
    versionId === undefined ? null : ['studio', 'sales-page-version', versionId],
    () => complianceApi.salesPageVersion(versionId ?? 0),
    quiet,
  )
