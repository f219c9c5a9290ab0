import useSWRInfinite from 'swr/infinite'
import { productsKey, type Page, type ProductQuery, type ProductSummary } from './api'

// The catalog's paged list, apart from api.ts: SWR's infinite pages come only with the list screens that use
// them, not with the product page and the others that read the catalog.

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
