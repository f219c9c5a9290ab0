// Order lifecycle (docs/architecture.md): PENDING_PAYMENT -> PAID -> ISSUED, or CLOSED / PAY_FAILED / SURRENDERED.
// Pure rules shared by the server (which enforces them) and the screens (which show them).

export const ORDER_STATUSES = [
  'PENDING_PAYMENT',
  'PAID',
  'ISSUED',
  'CLOSED',
  'PAY_FAILED',
  'SURRENDERED',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  PENDING_PAYMENT: '待支付',
  PAID: '已支付',
  ISSUED: '已承保',
  CLOSED: '已关闭',
  PAY_FAILED: '支付失败',
  SURRENDERED: '已退保',
}

/** A paid partner-product order waits for the insurer to issue its policy (server/modules/partners/issuing.ts). */
export const PARTNER_ISSUING_TEXT = '保单出具中'
export const PARTNER_ISSUE_FAILED_TEXT = '出单失败，已退款'
/** A paid order waiting while the partner cannot be reached (the job retries; nothing is lost). */
export const PARTNER_BUSY_TEXT = '保险公司系统繁忙，保单将在其恢复后自动出具，结果会以消息通知您'

export interface PartnerIssueState {
  status: 'UNDERWRITTEN' | 'ISSUING' | 'ISSUED' | 'ISSUE_FAILED'
  busy: boolean
}

/** The status as the order screens say it: a paid partner order says where its policy stands, not 已支付. */
export function orderStatusText(order: {
  status: OrderStatus
  partnerIssue: PartnerIssueState | null
}): string {
  if (order.status === 'PAID' && order.partnerIssue?.status === 'ISSUING') return PARTNER_ISSUING_TEXT
  if (order.partnerIssue?.status === 'ISSUE_FAILED') return PARTNER_ISSUE_FAILED_TEXT
  return ORDER_STATUS_TEXT[order.status]
}

/** A paid order whose policy the partner is still issuing: nothing to buy again yet. */
export const isAwaitingIssue = (order: { status: OrderStatus; partnerIssue: PartnerIssueState | null }) =>
  order.status === 'PAID' && order.partnerIssue?.status === 'ISSUING'

/** An unpaid order closes this long after it was created. */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000

export type OrderEvent = 'PAY_SUCCEEDED' | 'PAY_FAILED' | 'CANCEL' | 'EXPIRE' | 'ISSUE' | 'SURRENDER'

// A failed payment may be retried while the payment window is open, so PAY_FAILED stays payable.
const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  PENDING_PAYMENT: { PAY_SUCCEEDED: 'PAID', PAY_FAILED: 'PAY_FAILED', CANCEL: 'CLOSED', EXPIRE: 'CLOSED' },
  PAY_FAILED: { PAY_SUCCEEDED: 'PAID', PAY_FAILED: 'PAY_FAILED', CANCEL: 'CLOSED', EXPIRE: 'CLOSED' },
  PAID: { ISSUE: 'ISSUED' },
  ISSUED: { SURRENDER: 'SURRENDERED' },
  CLOSED: {},
  SURRENDERED: {},
}

/** The next status, or null when the event is not allowed in this status. */
export function nextOrderStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  return TRANSITIONS[status][event] ?? null
}

/** Statuses from which an event is allowed (for guarded SQL updates). */
export function statusesAllowing(event: OrderEvent): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => TRANSITIONS[status][event] !== undefined)
}

export function isPayable(status: OrderStatus): boolean {
  return nextOrderStatus(status, 'PAY_SUCCEEDED') !== null
}

export function orderExpiresAtMs(createdAtMs: number): number {
  return createdAtMs + ORDER_PAYMENT_WINDOW_MS
}

/** The status as of `nowMs`: a payable order past its window is CLOSED even before a sweep stores it. */
export function orderStatusAt(
  order: { status: OrderStatus; createdAtMs: number },
  nowMs: number,
): OrderStatus {
  if (isPayable(order.status) && nowMs >= orderExpiresAtMs(order.createdAtMs)) return 'CLOSED'
  return order.status
}

/** Tabs of /orders: each lists one or more statuses. */
export const ORDER_TABS = [
  { key: 'all', title: '全部', statuses: [] as OrderStatus[] },
  { key: 'unpaid', title: '待支付', statuses: ['PENDING_PAYMENT', 'PAY_FAILED'] as OrderStatus[] },
  { key: 'issued', title: '已承保', statuses: ['PAID', 'ISSUED'] as OrderStatus[] },
  { key: 'closed', title: '已关闭', statuses: ['CLOSED'] as OrderStatus[] },
  { key: 'surrendered', title: '已退保', statuses: ['SURRENDERED'] as OrderStatus[] },
] as const
