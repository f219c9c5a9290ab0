import { shoppingHref } from '../features/catalog/paths'
import { cartRoutes } from '../features/cart/routes'
import { campaignRoutes } from '../features/campaigns/routes'
import { claimRoutes } from '../features/claims/routes'
import { catalogRoutes } from '../features/catalog/routes'
import { contentRoutes } from '../features/content/routes'
import { familyRoutes } from '../features/family/routes'
import { helpRoutes } from '../features/help/routes'
import { feedbackRoutes } from '../features/feedback/routes'
import { serviceRoutes } from '../features/service/routes'
import { homeHref } from '../features/home/paths'
import { homeRoutes } from '../features/home/routes'
import { loadingRoutes } from '../features/loading/routes'
import { userHref } from '../features/member/paths'
import { memberRoutes } from '../features/member/routes'
import { ordersRoutes } from '../features/orders/routes'
import { partnerRoutes } from '../features/partners/routes'
import { messageRoutes } from '../features/messages/routes'
import { pointsHref } from '../features/points/paths'
import { pointsRoutes } from '../features/points/routes'
import { policiesRoutes } from '../features/policies/routes'
import { protocolRoutes } from '../features/protocol/routes'
import { purchaseRoutes } from '../features/purchase/routes'
import { riskRoutes } from '../features/risk/routes'
import { appointmentRoutes } from '../features/appointments/routes'
import type { ScreenRoute } from '../types/route'

export { publishedRoutes } from './publishedPages/routes'

// The one route table of hand-written screens, collected from the features' route lists. Config pages
// (page-configs/) are added by the page runtime; both are registered under the main layout (/) and the in-app
// layout (/app/). Keep this file and the features' routes.ts and paths.ts free of runtime imports: scripts read
// them under Node to check config paths.
export const screenRoutes: ScreenRoute[] = [
  ...homeRoutes,
  ...loadingRoutes,
  ...protocolRoutes,
  ...catalogRoutes,
  ...memberRoutes,
  ...purchaseRoutes,
  ...ordersRoutes,
  ...policiesRoutes,
  ...familyRoutes,
  ...pointsRoutes,
  ...messageRoutes,
  ...riskRoutes,
  ...helpRoutes,
  ...feedbackRoutes,
  ...serviceRoutes,
  ...contentRoutes,
  ...appointmentRoutes,
  ...cartRoutes,
  ...claimRoutes,
  ...campaignRoutes,
  ...partnerRoutes,
]

/** The four top-level tabs; a tab shows only once its screen is in the route table. */
export const TAB_ITEMS = [
  { key: 'home', path: homeHref(), title: '首页' },
  { key: 'shopping', path: shoppingHref(), title: '商城' },
  { key: 'points', path: pointsHref(), title: '积分' },
  { key: 'user', path: userHref(), title: '我的' },
] as const
