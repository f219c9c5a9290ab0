import { withQuery } from '../../lib/href'

// Partner-insurer products (华汀保险 through its own API): three step flows, the air-accident activity, the
// issuing result and the partner policy. Keep this file free of runtime imports (scripts read it under Node).

/** The three step flows, named as the spec's client states. */
export type PartnerFlowKey = 'huatai' | 'huatairegression' | 'huataitravel'

/** The children of each flow's parent path, in step-bar order (投保须知 and 支付 follow). */
export const FLOW_CHILDREN = [
  'productDetails',
  'confirmInformation',
  'healthNotification',
  'infoFill',
  'specialNotify',
] as const
export type FlowChild = (typeof FLOW_CHILDREN)[number]

/** The step bar: 产品详情 → 确认信息 → 健康告知 → 填写信息 → 投保须知 → 支付. */
export const FLOW_STAGES = ['产品详情', '确认信息', '健康告知', '填写信息', '投保须知', '支付'] as const

export const partnerFlows: Record<PartnerFlowKey, { base: string; productId: string; title: string }> = {
  huatai: { base: '/huaTaiApi', productId: 'ht-accident', title: '华汀意外险' },
  huatairegression: { base: '/huaTaiApiRegression', productId: 'ht-regression', title: '华汀综合意外险' },
  huataitravel: { base: '/huaTaiApiTravel', productId: 'ht-travel', title: '华汀旅行意外险' },
}
export const PARTNER_FLOW_KEYS = Object.keys(partnerFlows) as PartnerFlowKey[]

export const AIR_PRODUCT_ID = 'ht-air'

export const partnerPaths = {
  airAccident: '/activity/airAccident',
  airAccidentInfoFill: '/activity/airAccident/infoFill',
  insuredSuccess: '/insuredSuccess',
  apiPolicyDetail: '/policy/apiPolicyDetail',
} as const

/**
 * Where a catalog product sold through the partner's API is bought: its flow's first step (the air cover's
 * activity page), or null for a product of ours.
 */
export function partnerEntryHref(productId: string): string | null {
  if (productId === AIR_PRODUCT_ID) return partnerPaths.airAccident
  const flow = PARTNER_FLOW_KEYS.find((k) => partnerFlows[k].productId === productId)
  return flow ? flowStepHref(flow, 'productDetails', productId) : null
}

export const flowStepPath = (flow: PartnerFlowKey, step: FlowChild) => `${partnerFlows[flow].base}/${step}`
export const flowStepHref = (
  flow: PartnerFlowKey,
  step: FlowChild,
  productId = partnerFlows[flow].productId,
) => withQuery(flowStepPath(flow, step), { productId })
export const partnerFlowHref = (flow: PartnerFlowKey) => flowStepHref(flow, 'productDetails')
export const airAccidentHref = () => partnerPaths.airAccident
export const airAccidentInfoFillHref = () => partnerPaths.airAccidentInfoFill
export const insuredSuccessHref = (orderId: string) => withQuery(partnerPaths.insuredSuccess, { orderId })
export const apiPolicyDetailHref = (policyId: string) => withQuery(partnerPaths.apiPolicyDetail, { policyId })
