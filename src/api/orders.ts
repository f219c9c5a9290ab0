import useSWR from 'swr'
import { get, IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../lib/request'
import type {
  HealthResult,
  Order,
  OrderApplication,
  OrderApplicationCreate,
  OrderConsent,
  OrderCreate,
  OrderHealth,
  OrderList,
} from '../types/generated/api/order'

// Purchase applications (the gates) and orders. Every write goes through the server, which enforces the gates.

export type { Order, OrderApplication, OrderCreate, HealthResult }
export type { OrderPerson, OrderAddress } from '../types/generated/api/order'

export const applicationKey = (id: string) => `/api/applications/${encodeURIComponent(id)}`
export const orderKey = (id: string) => `/api/orders/${encodeURIComponent(id)}`
export const ordersKey = (status?: string) => ['/api/orders', status ? { status } : {}] as const

export const createApplication = (body: OrderApplicationCreate) =>
  post<OrderApplication>('/api/applications', body)

export const recordConsent = (applicationId: string, documentId: string, action: OrderConsent['action']) =>
  post<OrderApplication>(`${applicationKey(applicationId)}/documents/${encodeURIComponent(documentId)}`, {
    action,
  })

export const submitHealth = (applicationId: string, body: OrderHealth) =>
  post<HealthResult>(`${applicationKey(applicationId)}/health`, body)

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

export function useApplication(id: string | null) {
  return useSWR<OrderApplication>(id ? applicationKey(id) : null)
}

export function useOrder(id: string | null, refreshInterval = 0) {
  return useSWR<Order>(id ? orderKey(id) : null, { refreshInterval })
}

/** `statuses` joined by commas: one tab may list several statuses. */
export function useOrders(statuses: readonly string[]) {
  return useSWR<OrderList>(ordersKey(statuses.join(',')))
}

export const fetchOrder = (id: string) => get<Order>(orderKey(id), { cache: false })
