// The payment provider seam: the server talks to any provider through this interface.
// Demo mode uses the sandbox provider (providers/sandbox.ts); production uses WeChat Pay API v3
// (providers/wechatpay/). The provider never runs inside one of our database transactions: on PGlite
// the sandbox shares the one connection, and a real provider is a network call.

import type { Payment, PaymentCreate, PaymentScene } from '../../../../src/types/generated/api/payment'

export type PayChannel = PaymentCreate['channel']
export type { PaymentScene }
/** What the page or the app pays with (JSAPI, APP); null for the scenes that open a page or a QR code. */
export type PaymentInvoke = Payment['invoke']

export interface PaymentRequest {
  /** Our payment id (pay_ + 24 hex): the provider's out_trade_no, so a retry never makes a second charge. */
  paymentId: string
  orderId: string
  amountFen: number
  /** What the payer sees in the wallet (product and plan). */
  description: string
  channel: PayChannel
  /** The payment expires at this instant (QR codes live 5 minutes, never past the order's own close). */
  expiresAt: Date
  /** The site's public address (PUBLIC_URL), for pay pages and QR contents of our own (the sandbox's). */
  baseUrl: string
  /** Native (QR), H5 (a phone browser), JSAPI (inside WeChat), APP (the company app): one of `scenes`. */
  scene: PaymentScene
  /** The payer's IP as the server sees it (request.ip, so behind TRUST_PROXY the forwarded client's). */
  payerClientIp: string
  /** The payer's openid under openidAppid(scene), for the scenes that need one (JSAPI); otherwise null. */
  openid: string | null
}

export interface CreatedPayment {
  /** What the QR code encodes (WeChat Pay Native: code_url); empty for the other scenes. */
  qrContent: string
  /** A page the payer can open instead of scanning (H5: WeChat's h5_url); empty for JSAPI and APP. */
  payUrl: string
  /** What the page (JSAPI) or the app (APP) invokes pay with; null otherwise. */
  invoke: PaymentInvoke
}

/** A verified notification that a payment was captured or failed. */
export interface PaymentEvent {
  kind: 'payment'
  /** Unique per notification; a replay of the same id is a no-op. */
  eventId: string
  paymentId: string
  outcome: 'SUCCEEDED' | 'FAILED'
  amountFen: number
  /** The signed time of the notification: events older than the freshness window are refused. */
  signedAt: Date
}

/** A verified notification that a refund settled or failed. */
export interface RefundEvent {
  kind: 'refund'
  eventId: string
  refundId: string
  outcome: 'SUCCEEDED' | 'FAILED'
  amountFen: number
  signedAt: Date
}

export type ProviderEvent = PaymentEvent | RefundEvent

/** A callback as it arrived: headers (lower-case names) and the exact body text the signature covers. */
export interface CallbackRequest {
  headers: Record<string, string | undefined>
  rawBody: string
}

export interface RefundRequest {
  /** Our refund id: the provider's out_refund_no, so submitting twice refunds once. */
  refundId: string
  paymentId: string
  amountFen: number
  /** The captured amount of the payment. */
  totalFen: number
  /** Shown to the payer by the provider, e.g. 订单已关闭，原路退款. */
  reason: string
}

export interface RefundState {
  status: 'PROCESSING' | 'SUCCEEDED' | 'FAILED'
  providerRefundId: string | null
  settledAt: Date | null
}

/** What the provider says about one payment, for reconciliation. */
export interface ProviderPaymentState {
  /**
   * NOT_FOUND: the provider never saw it. PENDING: not paid yet. CAPTURED: money taken. REFUNDED: captured,
   * then (partly or fully) refunded. CLOSED: closed unpaid. FAILED: the payer's attempt failed.
   */
  state: 'NOT_FOUND' | 'PENDING' | 'CAPTURED' | 'REFUNDED' | 'CLOSED' | 'FAILED'
  amountFen: number | null
  capturedAt: Date | null
}

/** A provider call that failed (network, non-2xx, bad response signature); the caller retries later. */
export class ProviderError extends Error {
  readonly name = 'ProviderError'
}

export interface PaymentProvider {
  /** The {provider} of /api/payments/callback/{provider}. */
  readonly name: string
  /** True for the sandbox: no money moves. */
  readonly sandbox: boolean
  readonly channels: readonly PayChannel[]
  /** The scenes it can take (native always). */
  readonly scenes: readonly PaymentScene[]
  /** The appid under which the payer's openid is needed for this scene (JSAPI: the official account's), or null. */
  openidAppid(scene: PaymentScene): string | null
  createPayment(request: PaymentRequest): Promise<CreatedPayment>
  /** Closes an unpaid payment so it can no longer be paid (superseded QR code, cancelled order). */
  closePayment(paymentId: string): Promise<void>
  /** The verified event, or null when the signature, the format or the decryption does not hold. */
  verifyCallback(request: CallbackRequest): ProviderEvent | null
  refund(request: RefundRequest): Promise<RefundState>
  /** null when the provider does not know the refund. */
  queryRefund(refundId: string): Promise<RefundState | null>
  queryPayment(paymentId: string): Promise<ProviderPaymentState>
}
