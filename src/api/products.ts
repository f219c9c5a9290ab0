import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import { get } from '../lib/request'
import type { InsurerList, ProductDetail } from '../types/generated/api/catalog'
import { productsKey, type Page, type ProductQuery, type ProductSummary } from './catalog'

// Product detail and the paged product list (list keys come from catalog.ts so caches are shared).

export type { ProductDetail, Plan, Coverage, PremiumRate } from '../types/generated/api/catalog'

export const productDetailKey = (id: string) => `/api/products/${encodeURIComponent(id)}`

export function fetchProductDetail(id: string): Promise<ProductDetail> {
  return get<ProductDetail>(productDetailKey(id), { cache: false })
}

export function useProductDetail(id: string | null) {
  return useSWR<ProductDetail>(id ? productDetailKey(id) : null)
}

/** Several products at once (comparison): one SWR entry, failing if any product fails. */
export function useProductDetails(ids: readonly string[]) {
  return useSWR<ProductDetail[]>(ids.length ? ['product-details', ...ids] : null, () =>
    Promise.all(ids.map(fetchProductDetail)),
  )
}

/** Cursor-paged list: page n+1 is requested with page n's nextCursor; stops when it is null. */
export function useProductPages(query: Omit<ProductQuery, 'cursor'>, enabled = true) {
  const swr = useSWRInfinite<Page<ProductSummary>>(
    (index, previous: Page<ProductSummary> | null) => {
      if (!enabled) return null
      if (index === 0) return productsKey(query)
      if (!previous?.nextCursor) return null
      return productsKey({ ...query, cursor: previous.nextCursor })
    },
    // Loading page n+1 need not re-request page 1.
    { revalidateFirstPage: false },
  )
  const pages = swr.data ?? []
  const items = pages.flatMap((page) => page.items)
  const hasMore = pages.length > 0 && pages[pages.length - 1].nextCursor !== null
  return { ...swr, items, hasMore }
}

/** Insurers for the shopping filter. */
export function useInsurers() {
  return useSWR<InsurerList>('/api/insurers')
}
