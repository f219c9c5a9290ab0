// 合规 (compliance): the sales trail's search, one sale with its chain check and the page versions it points at,
// its exports; and the versions of a product's sales pages (any staff role), with the publisher's two edits of
// product data that make new versions. Contract: schemas/api/trail.schema.json.
import { API_BASE, studioBlob, studioRequest } from './client'
import type {
  NoticeInput,
  PremiumRatesInput,
  ProductVersions,
  SalesPageVersion,
  TrailDetail,
  TrailSearchQuery,
  TrailPhone,
  TrailSearchResult,
} from './types'

const sale = (id: string) => `${API_BASE}/compliance/sales/${encodeURIComponent(id)}`
const product = (id: string) => `${API_BASE}/catalog/products/${encodeURIComponent(id)}`

export type ExportFormat = 'pdf' | 'json'

/** The query string of a search: empty members left out, in a fixed order (a stable SWR key). */
export function salesSearchParams(query: TrailSearchQuery): string {
  const params = new URLSearchParams()
  for (const key of ['policyNo', 'orderNo', 'phone', 'from', 'to'] as const) {
    const value = query[key]?.trim()
    if (value) params.set(key, value)
  }
  return params.toString()
}

export const complianceApi = {
  /** The newest 50 sales matching every filter given (none: the newest 50). */
  searchSales: (query: TrailSearchQuery) => {
    const search = salesSearchParams(query)
    return studioRequest<TrailSearchResult>(`${API_BASE}/compliance/sales${search ? `?${search}` : ''}`)
  },
  sale: (id: string) => studioRequest<TrailDetail>(sale(id)),
  /** The buyer's full phone (the server writes each reveal in the audit log). */
  phone: (id: string) => studioRequest<TrailPhone>(`${sale(id)}/phone`),
  /** The sale as a file (PDF, or JSON with who exported it and when). */
  exportSale: (id: string, format: ExportFormat) => studioBlob(`${sale(id)}/export.${format}`),

  productVersions: (productId: string) => studioRequest<ProductVersions>(`${product(productId)}/versions`),
  salesPageVersion: (versionId: number) =>
    studioRequest<SalesPageVersion>(
      `${API_BASE}/sales-page-versions/${encodeURIComponent(String(versionId))}`,
    ),
  saveNotice: (productId: string, input: NoticeInput) =>
    studioRequest<ProductVersions>(`${product(productId)}/notice`, { method: 'PUT', body: input }),
  savePremiumRates: (productId: string, input: PremiumRatesInput) =>
    studioRequest<ProductVersions>(`${product(productId)}/premium-rates`, { method: 'PUT', body: input }),
}
