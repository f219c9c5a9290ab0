import useSWR from 'swr'
import { get, post } from '../../lib/request'
import type {
  CategoryList,
  InsurerList,
  ProductDetail,
  ProductPage,
  ProductQuery,
} from '../../types/generated/api/catalog'
import type { Quote, QuoteRequest } from '../../types/generated/api/quote'

// Catalog API: categories, insurers, product summaries and details, premium quotes (types generated from
// schemas/api/catalog.schema.json and quote.schema.json).

export type {
  Category,
  CategoryList,
  Coverage,
  Insurer,
  Plan,
  PremiumRate,
  ProductDetail,
  ProductQuery,
  ProductSummary,
} from '../../types/generated/api/catalog'
export type { Quote, QuoteRequest }

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

export const productDetailKey = (id: string) => `/api/products/${encodeURIComponent(id)}`

export function fetchProductDetail(id: string): Promise<ProductDetail> {
  return get<ProductDetail>(productDetailKey(id), { cache: false })
}

export function useProductDetail(id: string | null) {
  return useSWR<ProductDetail>(id ? productDetailKey(id) : null)
}

/** Several products at once (comparison): one SWR entry, failing if any product fails. */
export const productDetailsKey = (ids: readonly string[]) => ['product-details', ...ids]
export const fetchProductDetails = (ids: readonly string[]) => Promise.all(ids.map(fetchProductDetail))

export function useProductDetails(ids: readonly string[]) {
  return useSWR<ProductDetail[]>(ids.length ? productDetailsKey(ids) : null, () => fetchProductDetails(ids))
}

/** Insurers for the shopping filter. */
export const insurersKey = '/api/insurers'

export function useInsurers() {
  return useSWR<InsurerList>(insurersKey)
}

export const quotesUrl = '/api/quotes'

export function postQuote(input: QuoteRequest): Promise<Quote> {
  return post<Quote>(quotesUrl, input)
}

/**
 * The premium for the current trial factors, re-priced whenever they change; null factors = nothing to price.
 * The last price stays visible while the next one loads.
 */
export const quoteKey = (input: QuoteRequest) => [quotesUrl, input] as const

export function useQuote(input: QuoteRequest | null) {
  return useSWR<Quote, unknown, readonly [string, QuoteRequest] | null>(
    input ? quoteKey(input) : null,
    ([, body]) => postQuote(body),
    { keepPreviousData: true },
  )
}
