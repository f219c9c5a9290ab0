import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

export const policyPaths = {
  list: '/policy',
  detail: '/policy/policyDetail',
  shared: '/policy/policyDetaiU',
  apiDetail: '/policy/apiPolicyDetail',
} as const

/** 我的保单, filtered to one status or all. */
export const policiesHref = (status?: string) => withQuery(policyPaths.list, { status })
export const policyDetailHref = (id: string) => withQuery(policyPaths.detail, { id })
/** The insurer-API view of a policy (保单详情) rather than our 电子保单. */
export const apiPolicyDetailHref = (id: string) => withQuery(policyPaths.apiDetail, { id })

const detail = () => import('./PolicyDetailPage')

export const policiesRoutes: ScreenRoute[] = [
  { path: policyPaths.list, title: '我的保单', load: () => import('./PolicyListPage') },
  { path: policyPaths.detail, title: '电子保单', load: detail },
  { path: policyPaths.shared, title: '电子保单', load: () => import('./SharedPolicyPage') },
  { path: policyPaths.apiDetail, title: '保单详情', load: detail },
]
