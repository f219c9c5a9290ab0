// The payment provider seam: the server talks to any provider through this interface.
// Demo mode uses the sandbox provider; a real one (WeChat Pay, Alipay, UnionPay) plugs in here.

export type PayChannel = 'wechat' | 'alipay' | 'bankcard'

export interface PaymentRequest {
  orderId: string
  amountFen: number
  description: string
  channel: PayChannel
  /** The payment expires at this instant (QR codes live 5 minutes, never past the order's own close). */
  expiresAt: Date
  /** Origin the customer's browser uses, for pay pages and QR contents. */
  baseUrl: string
}

export interface CreatedPayment {
  paymentId: string
  qrContent: string
  payUrl: string
  expiresAt: Date
}

/** A verified provider notification. */
export interface PaymentNotification {
  eventId: string
  paymentId: string
  outcome: 'SUCCEEDED' | 'FAILED'
  amountFen: number
  occurredAt: string
}

export interface PaymentProvider {
  readonly name: string
  createPayment(request: PaymentRequest): Promise<CreatedPayment>
  /** The notification when its signature is genuine, null otherwise. */
  verifyCallback(payload: unknown, signature: string | undefined): PaymentNotification | null
  refund(paymentId: string, amountFen: number): Promise<{ refundId: string }>
}
