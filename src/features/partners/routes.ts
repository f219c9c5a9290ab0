import type { ScreenRoute } from '../../types/route'
import { FLOW_CHILDREN, PARTNER_FLOW_KEYS, partnerFlows, partnerPaths, type FlowChild } from './paths'

// The three partner flows are each a parent path (redirecting to its first child) and five child steps; one
// screen module per step serves all three flows (the flow is read from the path).

const STEP_SCREENS: Record<FlowChild, { title: string; load: ScreenRoute['load'] }> = {
  productDetails: { title: '产品详情', load: () => import('./ProductDetailsPage') },
  confirmInformation: { title: '确认信息', load: () => import('./ConfirmInformationPage') },
  healthNotification: { title: '健康告知', load: () => import('./HealthNotificationPage') },
  infoFill: { title: '填写投保信息', load: () => import('./InfoFillPage') },
  specialNotify: { title: '投保须知', load: () => import('./SpecialNotifyPage') },
}

const flowRoutes: ScreenRoute[] = PARTNER_FLOW_KEYS.flatMap((flow) => [
  { path: partnerFlows[flow].base, title: partnerFlows[flow].title, load: () => import('./FlowRedirect') },
  ...FLOW_CHILDREN.map((child) => ({
    path: `${partnerFlows[flow].base}/${child}`,
    ...STEP_SCREENS[child],
  })),
])

export const partnerRoutes: ScreenRoute[] = [
  ...flowRoutes,
  { path: partnerPaths.airAccident, title: '航空意外险', load: () => import('./AirAccidentPage') },
  {
    path: partnerPaths.airAccidentInfoFill,
    title: '填写投保信息',
    load: () => import('./AirAccidentInfoFillPage'),
  },
  { path: partnerPaths.insuredSuccess, title: '投保结果', load: () => import('./InsuredSuccessPage') },
]
