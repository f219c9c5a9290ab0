import useSWR from 'swr'
import { get, IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type { Order, OrderCreate, OrderList } from '../../types/generated/api/order'

// Orders (created once the purchase gates are passed). Every write goes through the server, which enforces the gates.

export type { Order, OrderCreate }
export type { OrderPerson, OrderAddress } from '../../types/generated/api/order'

export const orderKey = (id: string) => `/api/orders/${encodeURIComponent(id)}`
export const ordersKey = (status?: string) => ['/api/orders', status ? { status } : {}] as const
/** The list of orders in any of `statuses` (all of them when empty). */
export const ordersListKey = (statuses: readonly string[]) => ordersKey(statuses.join(','))

/** One order per application: a retry, a double tap or a reload mid-request gets the same order back. */
export const createOrder = (body: OrderCreate) =>
  withIdempotencyKey(`order:${body.applicationId}`, (key) =>
    post<Order>('/api/orders', body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )
export const cancelOrder = (id: string) => post<Order>(`${orderKey(id)}/cancel`)
export const completeFreeOrder = (id: string) =>
  withIdempotencyKey(`skip-pay:${id}`, (key) =>
    post<Order>(`${orderKey(id)}/skip-pay`, undefined, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

export function useOrder(id: string | null, refreshInterval = 0) {
  return useSWR<Order>(id ? orderKey(id) : null, { refreshInterval })
}

/** `statuses` joined by commas: one tab may list several statuses. */
export function useOrders(statuses: readonly string[]) {
  return useSWR<OrderList>(ordersListKey(statuses))
}

export const fetchOrder = (id: string) => get<Order>(orderKey(id), { cache: false })
