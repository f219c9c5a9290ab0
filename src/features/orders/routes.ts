import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

export const orderPaths = { list: '/orders', detail: '/orders/orderDetail' } as const

/** 我的订单, on one status tab (ORDER_TABS) or all. */
export const ordersHref = (tab?: string) => withQuery(orderPaths.list, { tab })
export const orderDetailHref = (id: string) => withQuery(orderPaths.detail, { id })

export const ordersRoutes: ScreenRoute[] = [
  { path: orderPaths.list, title: '我的订单', load: () => import('./OrdersPage') },
  { path: orderPaths.detail, title: '订单详情', load: () => import('./OrderDetailPage') },
]
