// Refunds (docs/server.md): a payment the order cannot keep, or a cooling-off surrender, goes back to the payer.
// Shared by the server (the reason sent to the provider) and the order screens.
import type { OrderRefund } from '../types/generated/api/order'
import { formatFen } from './money'

export type RefundStatus = OrderRefund['status']
export type RefundReason = OrderRefund['reason']

export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  PENDING: '退款中',
  PROCESSING: '退款中',
  SUCCEEDED: '已退款',
  FAILED: '退款异常',
}

/** Why the money goes back, as the payer reads it (also sent to the provider as the refund reason). */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  ORDER_CLOSED: '订单已关闭，支付款原路退回',
  ALREADY_PAID: '订单已支付，重复支付款原路退回',
  SURRENDER: '犹豫期内退保，保费全额退回',
  ISSUE_FAILED: '保险公司未能出单，保费全额退回',
}

/** Where a refund goes: back to the channel that paid (the payments' channel), in words. */
export const REFUND_CHANNEL_TEXT: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  bankcard: '银行卡',
}

/** How long a refund takes to arrive, as the surrender screen promises it (the channels' own terms). */
export const REFUND_ARRIVAL_WORKING_DAYS = 3

export const isRefundSettled = (status: RefundStatus) => status === 'SUCCEEDED' || status === 'FAILED'

/** The one-line refund state of an order (for its card in the list), or null without refunds. */
export function refundBadge(refunds: readonly OrderRefund[]): string | null {
  const open = refunds.filter((r) => r.status === 'PENDING' || r.status === 'PROCESSING')
  const done = refunds.filter((r) => r.status === 'SUCCEEDED')
  const sum = (list: readonly OrderRefund[]) => formatFen(list.reduce((total, r) => total + r.amountFen, 0))
  if (open.length) return `退款中 ¥${sum(open)}`
  if (done.length) return `已退款 ¥${sum(done)}`
  return refunds.length ? '退款异常' : null
}
