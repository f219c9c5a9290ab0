// The catalogue the product-list picker offers and previews (src/studio/api/catalog.ts), cached by SWR.
import useSWR from 'swr'
import { catalogApi } from '../../api/catalog'

/** The catalogue's categories (with how many products each has). */
export function useCategories() {
  return useSWR(['catalog', 'categories'], () => catalogApi.categories(), { revalidateOnFocus: false })
}

/** The products at `path` (productsPath), as a product list reading that query shows them. */
export function useProducts(path: string) {
  return useSWR(['catalog', path], ([, p]) => catalogApi.products(p), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  })
}
