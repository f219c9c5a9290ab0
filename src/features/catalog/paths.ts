import { queryParam, withQuery } from '../../lib/href'
import { partnerEntryHref } from '../partners/paths'

// Browse: the shopping tab, product lists, search, rankings, glossary, product detail and comparison.

export const catalogPaths = {
  shopping: '/shopping',
  products: '/products',
  search: '/productsSearch',
  ranking: '/ranking',
  definition: '/definition',
  product: '/product',
  productInfo: '/productInfo',
  compare: '/compare/:sc',
  compareExport: '/compareForA/export',
  compareForA: '/compareForA/:sc',
} as const

/** The {sc} segment of /compare/{sc}: the product ids, comma-separated. */
export const compareCode = (ids: readonly string[]) => ids.map(encodeURIComponent).join(',')

export const shoppingHref = () => catalogPaths.shopping
export const productsHref = (filter: { category?: string } = {}) => withQuery(catalogPaths.products, filter)
export const searchHref = () => catalogPaths.search
export const rankingHref = () => catalogPaths.ranking
export const definitionHref = () => catalogPaths.definition
/** A product's page; a product sold through a partner insurer's API opens its own flow instead. */
export const productHref = (id: string) => partnerEntryHref(id) ?? withQuery(catalogPaths.product, { id })
export const productInfoHref = (id: string) => withQuery(catalogPaths.productInfo, { id })
export const compareHref = (ids: readonly string[]) => `/compare/${compareCode(ids)}`
export const compareExportHref = (ids: readonly string[]) =>
  `${catalogPaths.compareExport}?sc=${compareCode(ids)}`

/** The product a screen's URL names (?id=), or null. */
export const productIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')
