import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { SandboxPaymentsTable, SandboxRefundsTable } from '../tables'
import type {
  CallbackRequest,
  CreatedPayment,
  PaymentEvent,
  PaymentProvider,
  PaymentRequest,
  PaymentScene,
  ProviderEvent,
  ProviderPaymentState,
  RefundRequest,
  RefundState,
} from './provider'

// The sandbox provider of demo mode: no money moves, but it keeps its own books (sandbox_payments,
// sandbox_refunds), refuses to take a closed or expired payment, and notifies the server the way a real
// provider does: a signed callback (HMAC-SHA256 over a fixed text including the signing time), so the
// server's verification, freshness and idempotency run exactly as in production.

export const SANDBOX_PROVIDER = 'sandbox'
export const DEMO_SANDBOX_SECRET = 'demo-only-sandbox-payment-secret'
export const SIGNATURE_HEADER = 'x-pay-signature'

/** What the sandbox sends: the body of the callback (payments and refunds share one shape). */
export interface SandboxNotification {
  eventId: string
  kind: 'payment' | 'refund'
  /** Payment id, or refund id for kind "refund". */
  subjectId: string
  outcome: 'SUCCEEDED' | 'FAILED'
  amountFen: number
  /** ISO time of signing; part of the signed text. */
  signedAt: string
}

/** The signed text: fixed field order, so the signature does not depend on JSON key order. */
function canonical(n: SandboxNotification): string {
  return [n.eventId, n.kind, n.subjectId, n.outcome, String(n.amountFen), n.signedAt].join('|')
}

function parseNotification(text: string): SandboxNotification | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const ok =
    typeof v.eventId === 'string' &&
    v.eventId.length <= 64 &&
    (v.kind === 'payment' || v.kind === 'refund') &&
    typeof v.subjectId === 'string' &&
    v.subjectId.length <= 64 &&
    (v.outcome === 'SUCCEEDED' || v.outcome === 'FAILED') &&
    Number.isSafeInteger(v.amountFen) &&
    typeof v.signedAt === 'string' &&
    !Number.isNaN(Date.parse(v.signedAt))
  return ok ? (v as unknown as SandboxNotification) : null
}

export interface SandboxSecrets {
  /** Signs new notifications. */
  current: string
  /** Still accepted while secrets rotate. */
  previous?: string
}

/** A callback ready to deliver: headers and body as the sandbox would POST them. */
export interface SandboxCallback {
  headers: Record<string, string>
  body: string
}

export type CaptureResult = { ok: true; callback: SandboxCallback } | { ok: false; reason: string }

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER
  readonly sandbox = true
  readonly channels = ['wechat', 'alipay', 'bankcard'] as const
  /** H5 opens the same sandbox pay page in the phone's browser; nothing here stands in for WeChat or an app. */
  readonly scenes: readonly PaymentScene[] = ['native', 'h5']
  private readonly db: Kysely<DB>

  constructor(
    db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly secrets: SandboxSecrets = { current: DEMO_SANDBOX_SECRET },
  ) {
    this.db = db.withTables<{
      sandbox_payments: SandboxPaymentsTable
      sandbox_refunds: SandboxRefundsTable
    }>()
  }

  openidAppid(): null {
    return null
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    if (!this.scenes.includes(request.scene))
      throw new RangeError(`sandbox cannot take scene ${request.scene}`)
    await this.db
      .insertInto('sandbox_payments')
      .values({
        id: request.paymentId,
        amount_fen: request.amountFen,
        state: 'NOTPAY',
        expires_at: request.expiresAt,
        created_at: this.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    // Scanning the QR code opens the sandbox pay page, standing in for the wallet app.
    const payUrl = `${request.baseUrl}/pay/sandbox?paymentId=${request.paymentId}`
    return { qrContent: payUrl, payUrl, invoke: null }
  }

  async closePayment(paymentId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_payments')
      .set({ state: 'CLOSED' })
      .where('id', '=', paymentId)
      .where('state', '=', 'NOTPAY')
      .execute()
  }

  /**
   * The payer pays (or fails to) on the sandbox page: the sandbox books it and returns the signed callback
   * to deliver. A closed, expired or already settled payment cannot be paid, as with a real provider.
   */
  async capture(paymentId: string, outcome: PaymentEvent['outcome']): Promise<CaptureResult> {
    const now = this.now()
    const moved = await this.db
      .updateTable('sandbox_payments')
      .set({ state: outcome === 'SUCCEEDED' ? 'SUCCESS' : 'PAYERROR', paid_at: now })
      .where('id', '=', paymentId)
      // A failed attempt may be followed by a successful one on the same code, as in a real wallet.
      .where('state', 'in', outcome === 'SUCCEEDED' ? ['NOTPAY', 'PAYERROR'] : ['NOTPAY'])
      .where('expires_at', '>', now)
      .returning(['amount_fen'])
      .executeTakeFirst()
    if (moved) {
      return {
        ok: true,
        callback: this.callback({
          kind: 'payment',
          subjectId: paymentId,
          outcome,
          amountFen: moved.amount_fen,
        }),
      }
    }
    const row = await this.db
      .selectFrom('sandbox_payments')
      .select(['state', 'expires_at'])
      .where('id', '=', paymentId)
      .executeTakeFirst()
    if (!row) return { ok: false, reason: '支付单不存在' }
    if (row.state === 'SUCCESS' || row.state === 'REFUND') return { ok: false, reason: '该支付已成功' }
    if (row.state === 'PAYERROR') return { ok: false, reason: '该支付已失败，请返回重新发起' }
    if (row.state === 'CLOSED') return { ok: false, reason: '该二维码已失效，请返回重新发起支付' }
    return { ok: false, reason: '二维码已过期，请返回刷新后重试' }
  }

  /** A signed callback for a notification of this sandbox (signed now, with the current secret). */
  callback(fields: Omit<SandboxNotification, 'eventId' | 'signedAt'>): SandboxCallback {
    const notification: SandboxNotification = {
      eventId: `evt_${randomUUID()}`,
      ...fields,
      signedAt: this.now().toISOString(),
    }
    return {
      headers: { [SIGNATURE_HEADER]: this.sign(notification), 'content-type': 'application/json' },
      body: JSON.stringify(notification),
    }
  }

  sign(notification: SandboxNotification, secret = this.secrets.current): string {
    return createHmac('sha256', secret).update(canonical(notification)).digest('hex')
  }

  verifyCallback(request: CallbackRequest): ProviderEvent | null {
    const signature = request.headers[SIGNATURE_HEADER]
    const n = parseNotification(request.rawBody)
    if (!n || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null
    const given = Buffer.from(signature, 'hex')
    const secrets = [this.secrets.current, this.secrets.previous].filter((s): s is string => !!s)
    const genuine = secrets.some((secret) => timingSafeEqual(Buffer.from(this.sign(n, secret), 'hex'), given))
    if (!genuine) return null
    const common = {
      eventId: n.eventId,
      outcome: n.outcome,
      amountFen: n.amountFen,
      signedAt: new Date(n.signedAt),
    }
    return n.kind === 'payment'
      ? { kind: 'payment', paymentId: n.subjectId, ...common }
      : { kind: 'refund', refundId: n.subjectId, ...common }
  }

  /** The sandbox settles a refund of a captured payment at once; anything else is refused as abnormal. */
  async refund(request: RefundRequest): Promise<RefundState> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('sandbox_payments')
        .select(['state', 'amount_fen'])
        .where('id', '=', request.paymentId)
        .forUpdate()
        .executeTakeFirst()
      const refundable =
        payment &&
        (payment.state === 'SUCCESS' || payment.state === 'REFUND') &&
        request.amountFen <= payment.amount_fen
      await trx
        .insertInto('sandbox_refunds')
        .values({
          id: request.refundId,
          payment_id: request.paymentId,
          amount_fen: request.amountFen,
          status: refundable ? 'SUCCESS' : 'ABNORMAL',
          created_at: now,
          settled_at: refundable ? now : null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      if (refundable)
        await trx
          .updateTable('sandbox_payments')
          .set({ state: 'REFUND' })
          .where('id', '=', request.paymentId)
          .execute()
      const row = await trx
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('id', '=', request.refundId)
        .executeTakeFirstOrThrow()
      return toRefundState(row)
    })
  }

  async queryRefund(refundId: string): Promise<RefundState | null> {
    const row = await this.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirst()
    return row ? toRefundState(row) : null
  }

  async queryPayment(paymentId: string): Promise<ProviderPaymentState> {
    const row = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst()
    if (!row) return { state: 'NOT_FOUND', amountFen: null, capturedAt: null }
    const state = (
      {
        NOTPAY: 'PENDING',
        SUCCESS: 'CAPTURED',
        REFUND: 'REFUNDED',
        CLOSED: 'CLOSED',
        PAYERROR: 'FAILED',
      } as const
    )[row.state]
    // An unpaid payment past its expiry is closed, as a real provider reports it.
    const closed = state === 'PENDING' && row.expires_at.getTime() <= this.now().getTime()
    return { state: closed ? 'CLOSED' : state, amountFen: row.amount_fen, capturedAt: row.paid_at }
  }
}

function toRefundState(row: {
  id: string
  status: SandboxRefundsTable['status']
  settled_at: Date | null
}): RefundState {
  const status = ({ PROCESSING: 'PROCESSING', SUCCESS: 'SUCCEEDED', ABNORMAL: 'FAILED' } as const)[row.status]
  return { status, providerRefundId: `sandbox_${row.id}`, settledAt: row.settled_at }
}
