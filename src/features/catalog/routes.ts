import type { ScreenRoute } from '../../types/route'
import { catalogPaths } from './paths'

export const catalogRoutes: ScreenRoute[] = [
  {
    path: catalogPaths.shopping,
    title: '商城',
    sameForEveryone: true,
    tab: true,
    load: () => import('./shopping/ShoppingPage'),
  },
  {
    path: catalogPaths.products,
    title: '产品列表',
    sameForEveryone: true,
    load: () => import('./shopping/ProductsPage'),
  },
  {
    path: catalogPaths.search,
    title: '搜索',
    sameForEveryone: true,
    load: () => import('./shopping/ProductsSearchPage'),
  },
  {
    path: catalogPaths.ranking,
    title: '排行榜',
    sameForEveryone: true,
    load: () => import('./shopping/RankingPage'),
  },
  {
    path: catalogPaths.definition,
    title: '保险名词解释',
    sameForEveryone: true,
    load: () => import('./shopping/DefinitionPage'),
  },
  {
    path: catalogPaths.product,
    title: '产品详情',
    // Not the same for everyone: a logged-in buyer's trial is priced for their real insured from the first
    // paint, and the price they see is the one every later screen shows.
    load: () => import('./product/ProductPage'),
  },
  {
    path: catalogPaths.productInfo,
    title: '条款及投保须知',
    sameForEveryone: true,
    load: () => import('./product/ProductInfoPage'),
  },
  { path: catalogPaths.compare, title: '产品对比', load: () => import('./compare/ComparePage') },
  { path: catalogPaths.compareExport, title: '对比图片', load: () => import('./compare/CompareExportPage') },
  { path: catalogPaths.compareForA, title: '产品对比', load: () => import('./compare/CompareForAPage') },
]
