// The catalogue as the studio reads it for a product list's picker: the consumer API a product list itself reads
// (GET /api/categories, GET /api/products; public, no staff route needed), through the studio's own client.
import { studioRequest } from './client'
import type { Category, ProductSummary } from '../../types/generated/api/catalog'

/** The query of a product request: empty members left out. */
export type ProductsQuery = Record<string, unknown>

/** The request path of a product query (a stable SWR key: same query, same path). */
export function productsPath(query: ProductsQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value))
  const text = params.toString()
  return `/api/products${text ? `?${text}` : ''}`
}

export const catalogApi = {
  categories: () => studioRequest<{ items: Category[] }>('/api/categories'),
  /** The products at a path made by productsPath. */
  products: (path: string) => studioRequest<{ items: ProductSummary[] }>(path),
}
