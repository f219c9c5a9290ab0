import { queryParam, withQuery } from '../../lib/href'

export const orderPaths = { list: '/orders', detail: '/orders/orderDetail' } as const

/** 我的订单, on one status tab (ORDER_TABS) or all. */
export const ordersHref = (tab?: string) => withQuery(orderPaths.list, { tab })
export const orderDetailHref = (id: string) => withQuery(orderPaths.detail, { id })
/** The order an order detail URL names (?id=), or null. */
export const orderDetailIdOf = (search: URLSearchParams): string | null => queryParam(search, 'id')
/** The way back from a missing order or application (LoginAwareError). */
export const backToOrders = { to: orderPaths.list, label: '返回我的订单' }
