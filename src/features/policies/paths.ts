import { queryParam, withQuery } from '../../lib/href'

export const policyPaths = {
  list: '/policy',
  detail: '/policy/policyDetail',
  shared: '/policy/policyDetaiU',
  apiDetail: '/policy/apiPolicyDetail',
  lookup: '/scratch',
  renewal: '/renewal',
} as const

/** 我的保单, filtered to one status or all. */
export const policiesHref = (status?: string) => withQuery(policyPaths.list, { status })
export const policyDetailHref = (id: string) => withQuery(policyPaths.detail, { id })
/** The insurer-API view of a policy (保单详情) rather than our 电子保单. */
export const apiPolicyDetailHref = (id: string) => withQuery(policyPaths.apiDetail, { id })
/** The policy a policy detail URL names (?id=), or null. */
export const policyIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')
/** The signed token of a policy reached through an SMS link (?token=), or null. */
export const sharedPolicyTokenOf = (search: URLSearchParams): string | null => queryParam(search, 'token')
/** The partner order a partner policy's URL names while it is issuing (?orderId=), or null. */
export const partnerOrderIdOf = (search: URLSearchParams): string | null => queryParam(search, 'orderId')
/** A partner policy's id: the URL's (?policyId=, also ?id=), else the one its issuing order got. */
export const partnerPolicyIdOf = (search: URLSearchParams, order?: { policyId?: string }): string | null =>
  queryParam(search, 'policyId') || policyIdOf(search) || order?.policyId || null
/** The way back from a missing policy (LoginAwareError). */
export const backToPolicies = { to: policyPaths.list, label: '返回我的保单' }
/** 保单查询 without an account. */
export const policyLookupHref = () => policyPaths.lookup
/** 续保: my policies ending within 60 days. */
export const renewalHref = () => policyPaths.renewal
