// The catalogue as the product-list picker reads it: the consumer API a product list itself reads
// (GET /api/categories, GET /api/products; public, no staff route needed), through the studio's own client.
import useSWR from 'swr'
import { studioRequest } from '../../api/client'
import type { Category, ProductSummary } from '../../../types/generated/api/catalog'

/** The query string of a product request: empty members left out. */
export function productsPath(query: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value))
  const text = params.toString()
  return `/api/products${text ? `?${text}` : ''}`
}

const fetchJson = <T>(path: string) => studioRequest<T>(path)

/** The catalogue's categories (with how many products each has). */
export function useCategories() {
  return useSWR(['catalog', '/api/categories'], ([, path]) => fetchJson<{ items: Category[] }>(path), {
    revalidateOnFocus: false,
  })
}

/** The products a query returns, as a product list reading it shows them (null path: nothing to ask). */
export function useProducts(path: string | null) {
  return useSWR(path ? ['catalog', path] : null, ([, p]) => fetchJson<{ items: ProductSummary[] }>(p), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  })
}
