import useSWR from 'swr'

// Catalog read API (server issue): categories, insurers, product summaries.
// Types are provisional until generated from schemas/api/.

export interface Category {
  code: string
  name: string
  icon: string
  productCount: number
}

export interface ProductSummary {
  id: string
  name: string
  tagline: string
  image: string
  categoryCode: string
  insurerCode: string
  insurerName: string
  tags: string[]
  minPremiumFen: number
  salesCount: number
  rating: number
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export interface ProductQuery {
  category?: string
  insurer?: string
  keyword?: string
  tag?: string
  sort?: 'sales' | 'price' | 'rating'
  limit?: number
  cursor?: string
}

export const categoriesKey = '/api/categories'
export const productsKey = (query: ProductQuery) => ['/api/products', { ...query }] as const

export function useCategories() {
  return useSWR<{ items: Category[] }>(categoriesKey)
}

export function useProducts(query: ProductQuery) {
  return useSWR<Page<ProductSummary>>(productsKey(query))
}
