import useSWR from 'swr'
import type { CategoryList, ProductPage, ProductQuery } from '../types/generated/api/catalog'

// Catalog read API: categories and product summaries (types generated from schemas/api/catalog.schema.json).

export type { Category, Insurer, ProductQuery, ProductSummary } from '../types/generated/api/catalog'

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export const categoriesKey = '/api/categories'
export const productsKey = (query: ProductQuery) => ['/api/products', { ...query }] as const

export function useCategories() {
  return useSWR<CategoryList>(categoriesKey)
}

export function useProducts(query: ProductQuery) {
  return useSWR<ProductPage>(productsKey(query))
}
