import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

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
export const productHref = (id: string) => withQuery(catalogPaths.product, { id })
export const productInfoHref = (id: string) => withQuery(catalogPaths.productInfo, { id })
export const compareHref = (ids: readonly string[]) => `/compare/${compareCode(ids)}`
export const compareExportHref = (ids: readonly string[]) =>
  `${catalogPaths.compareExport}?sc=${compareCode(ids)}`

export const catalogRoutes: ScreenRoute[] = [
  { path: catalogPaths.shopping, title: '商城', tab: true, load: () => import('./shopping/ShoppingPage') },
  { path: catalogPaths.products, title: '产品列表', load: () => import('./shopping/ProductsPage') },
  { path: catalogPaths.search, title: '搜索', load: () => import('./shopping/ProductsSearchPage') },
  { path: catalogPaths.ranking, title: '排行榜', load: () => import('./shopping/RankingPage') },
  { path: catalogPaths.definition, title: '保险名词解释', load: () => import('./shopping/DefinitionPage') },
  { path: catalogPaths.product, title: '产品详情', load: () => import('./product/ProductPage') },
  {
    path: catalogPaths.productInfo,
    title: '条款及投保须知',
    load: () => import('./product/ProductInfoPage'),
  },
  { path: catalogPaths.compare, title: '产品对比', load: () => import('./compare/ComparePage') },
  { path: catalogPaths.compareExport, title: '对比图片', load: () => import('./compare/CompareExportPage') },
  { path: catalogPaths.compareForA, title: '产品对比', load: () => import('./compare/CompareForAPage') },
]
