import type { ScreenRoute } from '../../types/route'
import { policyPaths } from './paths'

export const policiesRoutes: ScreenRoute[] = [
  { path: policyPaths.list, title: '我的保单', load: () => import('./PolicyListPage') },
  { path: policyPaths.detail, title: '电子保单', load: () => import('./PolicyDetailPage') },
  // The spec's partner-policy route: the same policy page, waiting for the partner's issue when given ?orderId=.
  { path: policyPaths.apiDetail, title: '保单详情', load: () => import('./ApiPolicyDetailPage') },
  { path: policyPaths.shared, title: '电子保单', load: () => import('./SharedPolicyPage') },
  { path: policyPaths.renewal, title: '续保', load: () => import('./RenewalPage') },
  { path: policyPaths.lookup, title: '保单查询', load: () => import('./PolicyLookupPage') },
]
