import type { ScreenRoute } from '../../types/route'
import { orderPaths } from './paths'

export const ordersRoutes: ScreenRoute[] = [
  { path: orderPaths.list, title: '我的订单', load: () => import('./OrdersPage') },
  { path: orderPaths.detail, title: '订单详情', load: () => import('./OrderDetailPage') },
]
