import { withQuery } from '../../lib/href'
import { ORDER_TABS } from '../../domain/order'

export const orderPaths = { list: '/orders', detail: '/orders/orderDetail' } as const

/** 我的订单, on one status tab (ORDER_TABS) or all. */
export const ordersHref = (tab?: string) => withQuery(orderPaths.list, { tab })
export const orderDetailHref = (id: string) => withQuery(orderPaths.detail, { id })
/** The status tab a 我的订单 URL names (?tab=), else 全部. */
export const orderTabOf = (search: URLSearchParams) =>
  ORDER_TABS.find((t) => t.key === search.get('tab')) ?? ORDER_TABS[0]
/** The order an order detail URL names (?id=), or null. */
export const orderDetailIdOf = (search: URLSearchParams): string | null => search.get('id')?.trim() || null
/** The way back from a missing order or application (LoginAwareError). */
export const backToOrders = { to: orderPaths.list, label: '返回我的订单' }
