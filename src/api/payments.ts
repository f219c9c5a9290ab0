import useSWR from 'swr'
import { post } from '../lib/request'
import type { Payment, PaymentCreate, PaymentSimulate } from '../types/generated/api/payment'

export type { Payment }
export type PayChannel = PaymentCreate['channel']

export const PAY_CHANNELS: { channel: PayChannel; title: string; description: string }[] = [
  { channel: 'wechat', title: '微信支付', description: '扫码支付（沙箱）' },
  { channel: 'alipay', title: '支付宝', description: '扫码支付（沙箱）' },
  { channel: 'bankcard', title: '银行卡', description: '银行卡快捷支付（沙箱）' },
]

export const paymentKey = (id: string) => `/api/payments/${encodeURIComponent(id)}`

/** Starts (or restarts, after a QR code expired) a payment of an order. */
export const startPayment = (orderId: string, channel: PayChannel) =>
  post<Payment>(`/api/orders/${encodeURIComponent(orderId)}/pay`, { channel } satisfies PaymentCreate)

/** Demo only: the sandbox provider sends its signed callback with this outcome. */
export const simulatePayment = (paymentId: string, outcome: PaymentSimulate['outcome']) =>
  post<Payment>(`/api/sandbox/payments/${encodeURIComponent(paymentId)}/simulate`, { outcome })

export function usePayment(id: string | null, refreshInterval = 0) {
  return useSWR<Payment>(id ? paymentKey(id) : null, { refreshInterval })
}
