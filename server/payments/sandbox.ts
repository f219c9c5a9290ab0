import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { CreatedPayment, PaymentNotification, PaymentProvider, PaymentRequest } from './provider'

// The sandbox provider: no money moves. Its pay page (/pay/sandbox) asks the server to send the callback a
// real provider would, signed with HMAC-SHA256, so the server's real verification path runs.

export const SANDBOX_PROVIDER = 'sandbox'
export const DEMO_SANDBOX_SECRET = 'demo-only-sandbox-payment-secret'
export const SIGNATURE_HEADER = 'x-pay-signature'

/** The signed text: fixed field order, so the signature does not depend on JSON key order. */
function canonical(n: PaymentNotification): string {
  return [n.eventId, n.paymentId, n.outcome, String(n.amountFen), n.occurredAt].join('|')
}

function isNotification(value: unknown): value is PaymentNotification {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.eventId === 'string' &&
    typeof v.paymentId === 'string' &&
    (v.outcome === 'SUCCEEDED' || v.outcome === 'FAILED') &&
    typeof v.amountFen === 'number' &&
    Number.isInteger(v.amountFen) &&
    typeof v.occurredAt === 'string'
  )
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER

  constructor(private readonly secret: string = DEMO_SANDBOX_SECRET) {}

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    const paymentId = `pay_${randomBytes(12).toString('hex')}`
    const payUrl = `${request.baseUrl}/pay/sandbox?paymentId=${paymentId}`
    // Scanning the QR code opens the sandbox pay page, standing in for the wallet app.
    return { paymentId, qrContent: payUrl, payUrl, expiresAt: request.expiresAt }
  }

  sign(notification: PaymentNotification): string {
    return createHmac('sha256', this.secret).update(canonical(notification)).digest('hex')
  }

  /** The notification the sandbox sends for a simulated outcome. */
  notification(
    paymentId: string,
    outcome: PaymentNotification['outcome'],
    amountFen: number,
    at: Date,
  ): PaymentNotification {
    return { eventId: `evt_${randomUUID()}`, paymentId, outcome, amountFen, occurredAt: at.toISOString() }
  }

  verifyCallback(payload: unknown, signature: string | undefined): PaymentNotification | null {
    if (!isNotification(payload) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null
    const expected = Buffer.from(this.sign(payload), 'hex')
    const given = Buffer.from(signature, 'hex')
    return expected.length === given.length && timingSafeEqual(expected, given) ? payload : null
  }

  async refund(paymentId: string, amountFen: number): Promise<{ refundId: string }> {
    if (!Number.isInteger(amountFen) || amountFen < 0) throw new RangeError(`bad refund amount ${amountFen}`)
    return { refundId: `rf_${paymentId.slice(4)}_${randomBytes(4).toString('hex')}` }
  }
}
