import useSWR from 'swr'
import type {
  HealthResult,
  OrderApplication,
  OrderApplicationCreate,
  OrderConsent,
  OrderConsentAll,
  OrderHealth,
} from '../../types/generated/api/order'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import { currentTrailId, flushTrail } from '../trail/api'
import type {
  AppInvoke,
  JsapiInvoke,
  Payment,
  PaymentChannels,
  PaymentCreate,
  PaymentScene,
  PaymentSimulate,
} from '../../types/generated/api/payment'

// Purchase applications (the gates: notices, clauses, health) and payments of an order.

export type { AppInvoke, HealthResult, JsapiInvoke, OrderApplication, Payment, PaymentScene }
export type PayChannel = PaymentCreate['channel']

export const PAY_CHANNELS: { channel: PayChannel; title: string; description: string }[] = [
  { channel: 'wechat', title: '微信支付', description: '扫码支付' },
  { channel: 'alipay', title: '支付宝', description: '扫码支付' },
  { channel: 'bankcard', title: '银行卡', description: '银行卡快捷支付' },
]

export const applicationKey = (id: string) => `/api/applications/${encodeURIComponent(id)}`

/** The application, naming the product's sales trail this tab records (可回溯), if one is open. */
export async function createApplication(body: OrderApplicationCreate) {
  const trailId = body.trailId ?? (await currentTrailId(body.productId))
  // The screens seen so far go first, so the trail reads in order.
  void flushTrail()
  return post<OrderApplication>('/api/applications', trailId ? { ...body, trailId } : body)
}

export const recordConsent = (applicationId: string, documentId: string, action: OrderConsent['action']) =>
  post<OrderApplication>(`${applicationKey(applicationId)}/documents/${encodeURIComponent(documentId)}`, {
    action,
  })

/** 我已阅读并同意 under the list: every document confirmed in one call (openings stay as recorded). */
export const confirmAllDocuments = (applicationId: string) =>
  post<OrderApplication>(`${applicationKey(applicationId)}/documents`, {
    agreed: true,
  } satisfies OrderConsentAll)

export const submitHealth = (applicationId: string, body: OrderHealth) =>
  post<HealthResult>(`${applicationKey(applicationId)}/health`, body)

export function useApplication(id: string | null) {
  return useSWR<OrderApplication>(id ? applicationKey(id) : null)
}

export const paymentChannelsKey = '/api/payments/channels'

/** The channels the mall takes now, and whether it is the sandbox (demo mode: no money moves). */
export function usePaymentChannels() {
  return useSWR<PaymentChannels>(paymentChannelsKey, { revalidateIfStale: false })
}

export const paymentKey = (id: string) => `/api/payments/${encodeURIComponent(id)}`

/**
 * Starts a payment of an order in a scene (native: a QR code, the default; h5, jsapi, app: WeChat Pay on this
 * phone, in WeChat, in the company app). One tap is one payment, however often it is retried; `replacing` names
 * the expired code a refresh replaces, so two tabs refreshing the same code get the same new one.
 */
export const startPayment = (
  orderId: string,
  channel: PayChannel,
  { scene = 'native', replacing }: { scene?: PaymentScene; replacing?: string } = {},
) => {
  const body: PaymentCreate = scene === 'native' ? { channel } : { channel, scene }
  const send = (key: string) =>
    post<Payment>(`/api/orders/${encodeURIComponent(orderId)}/pay`, body, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    })
  if (replacing) return send(`refresh-${replacing}`)
  return withIdempotencyKey(`pay:${orderId}:${channel}${scene === 'native' ? '' : `:${scene}`}`, send)
}

/** Demo only: the sandbox provider sends its signed callback with this outcome. */
export const simulatePayment = (paymentId: string, outcome: PaymentSimulate['outcome']) =>
  post<Payment>(`/api/sandbox/payments/${encodeURIComponent(paymentId)}/simulate`, { outcome })

export const sandboxPaymentKey = (paymentId: string) =>
  `/api/sandbox/payments/${encodeURIComponent(paymentId)}`

/** Demo only: a payment as the sandbox provider's page shows it. */
export const useSandboxPayment = (paymentId: string | null) =>
  useSWR<Payment>(paymentId ? sandboxPaymentKey(paymentId) : null)

export function usePayment(id: string | null, refreshInterval = 0) {
  return useSWR<Payment>(id ? paymentKey(id) : null, { refreshInterval })
}
