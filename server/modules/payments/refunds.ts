import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { REFUND_REASON_TEXT } from '../../../src/domain/refund'
import type { OrderRefund } from '../../../src/types/generated/api/order'
import type { PaymentProvider, RefundEvent, RefundState } from './providers/provider'
import { toIso } from '../../platform/time'
import { recordEvent } from './providerEvents'
import type { DB } from '../../db/schema'
import type { MessageService } from '../messages/service'
import type { RefundReasonColumn, RefundsTable } from './tables'

/** A refund not yet accepted by the provider is submitted again by the sweep after this long. */
export const REFUND_RETRY_AFTER_MS = 30_000
/** A refund the provider is still processing is asked about again after this long. */
export const REFUND_QUERY_AFTER_MS = 120_000

export type EventOutcome = { outcome: 'applied' | 'duplicate' | 'ignored' }

function toOrderRefund(row: Selectable<RefundsTable>): OrderRefund {
  return {
    id: row.id,
    amountFen: row.amount_fen,
    status: row.status,
    reason: row.reason,
    createdAt: toIso(row.created_at),
    settledAt: row.settled_at ? toIso(row.settled_at) : null,
  }
}

/**
 * Refunds of captured payments. Recorded inside the transaction that decides them (so a capture is never
 * kept and refunded, nor dropped), then submitted to the provider after the commit; the sweep resubmits any
 * the provider did not accept (the refund id is the provider's idempotency key).
 */
export class RefundService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly provider: PaymentProvider,
    private readonly messages: MessageService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Marks a captured payment REFUNDED and records its whole refund; returns the refund id. */
  async record(
    trx: Transaction<DB>,
    payment: { id: string; order_id: string; amount_fen: number },
    reason: RefundReasonColumn,
  ): Promise<string> {
    await trx
      .updateTable('payments')
      .set({ status: 'REFUNDED', completed_at: this.now() })
      .where('id', '=', payment.id)
      .execute()
    const inserted = await trx
      .insertInto('refunds')
      .values({
        id: `rf_${randomBytes(12).toString('hex')}`,
        payment_id: payment.id,
        order_id: payment.order_id,
        amount_fen: payment.amount_fen,
        reason,
        status: 'PENDING',
        created_at: this.now(),
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return inserted.id
    const existing = await trx
      .selectFrom('refunds')
      .select('id')
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow()
    return existing.id
  }

  /** Asks the provider to refund; a provider failure leaves the refund PENDING for the sweep. */
  async submit(refundId: string): Promise<void> {
    const row = await this.db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['r.id', 'r.payment_id', 'r.amount_fen', 'r.reason', 'r.status', 'p.amount_fen as total_fen'])
      .where('r.id', '=', refundId)
      .executeTakeFirst()
    if (!row || row.status !== 'PENDING') return
    let state: RefundState
    try {
      state = await this.provider.refund({
        refundId: row.id,
        paymentId: row.payment_id,
        amountFen: row.amount_fen,
        totalFen: row.total_fen,
        reason: REFUND_REASON_TEXT[row.reason],
      })
    } catch (error) {
      this.log.warn({ err: error, refundId }, 'refund not accepted by the provider; the sweep retries')
      return
    }
    await this.store(refundId, state, ['PENDING'])
  }

  /** Applies the provider's state to a refund still open (never moves a settled one). */
  private async store(refundId: string, state: RefundState, from: RefundsTable['status'][]): Promise<void> {
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('refunds')
        .set({
          status: state.status,
          provider_refund_id: state.providerRefundId,
          submitted_at: now,
          settled_at: state.status === 'PROCESSING' ? null : (state.settledAt ?? now),
          failure: state.status === 'FAILED' ? '渠道退款失败' : null,
        })
        .where('id', '=', refundId)
        .where('status', 'in', from)
        .returning(['order_id', 'amount_fen'])
        .executeTakeFirst()
      if (moved && state.status === 'SUCCEEDED') await this.tellRefunded(trx, moved)
    })
    if (state.status === 'FAILED') this.log.error({ refundId }, 'refund failed at the provider')
  }

  /** Reconciliation: the provider settled a refund we still hold as open. */
  async settleFromProvider(refundId: string, state: RefundState): Promise<void> {
    await this.store(refundId, state, ['PENDING', 'PROCESSING'])
  }

  /** A verified refund notification: applied once (by event id), only to an open refund. */
  async applyEvent(event: RefundEvent): Promise<EventOutcome> {
    const refund = await this.db
      .selectFrom('refunds')
      .select(['id', 'payment_id', 'amount_fen'])
      .where('id', '=', event.refundId)
      .executeTakeFirst()
    if (!refund) return { outcome: 'ignored' }
    return this.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event, refund.payment_id, this.now()))) return { outcome: 'duplicate' }
      const moved = await trx
        .updateTable('refunds')
        .set({
          status: event.outcome,
          settled_at: event.signedAt,
          failure: event.outcome === 'FAILED' ? '渠道退款失败' : null,
        })
        .where('id', '=', refund.id)
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .returning(['order_id', 'amount_fen'])
        .executeTakeFirst()
      if (moved && event.outcome === 'SUCCEEDED') await this.tellRefunded(trx, moved)
      return { outcome: moved ? 'applied' : 'ignored' }
    })
  }

  /** The order's owner is told the money is on its way back, in the transaction that settles the refund. */
  private async tellRefunded(trx: Transaction<DB>, refund: { order_id: string; amount_fen: number }) {
    const order = await trx
      .selectFrom('orders')
      .select(['user_id', 'product_name'])
      .where('id', '=', refund.order_id)
      .executeTakeFirstOrThrow()
    await this.messages.notify(trx, order.user_id, {
      kind: 'payment_refunded',
      orderId: refund.order_id,
      productName: order.product_name,
      amountFen: refund.amount_fen,
    })
  }

  /** Sweep: resubmits refunds the provider did not accept, and asks about those it is still processing. */
  async retryOpen(): Promise<void> {
    const now = this.now().getTime()
    const open = await this.db
      .selectFrom('refunds')
      .select(['id', 'status', 'created_at', 'submitted_at'])
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .orderBy('created_at')
      .limit(100)
      .execute()
    for (const refund of open) {
      if (refund.status === 'PENDING' && now - refund.created_at.getTime() >= REFUND_RETRY_AFTER_MS) {
        await this.submit(refund.id)
      } else if (
        refund.status === 'PROCESSING' &&
        now - (refund.submitted_at ?? refund.created_at).getTime() >= REFUND_QUERY_AFTER_MS
      ) {
        const state = await this.provider.queryRefund(refund.id).catch((error: unknown) => {
          this.log.warn({ err: error, refundId: refund.id }, 'refund query failed')
          return null
        })
        if (state && state.status !== 'PROCESSING') await this.store(refund.id, state, ['PROCESSING'])
      }
    }
  }

  /** The refunds of some orders, oldest first, keyed by order id. */
  async forOrders(orderIds: string[], db: Kysely<DB> = this.db): Promise<Map<string, OrderRefund[]>> {
    const byOrder = new Map<string, OrderRefund[]>()
    if (orderIds.length === 0) return byOrder
    const rows = await db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    for (const row of rows)
      byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), toOrderRefund(row)])
    return byOrder
  }
}
