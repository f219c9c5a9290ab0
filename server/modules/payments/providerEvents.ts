import type { Transaction } from 'kysely'
import type { PaymentEvent, RefundEvent } from './providers/provider'
import type { DB } from '../../db/schema'

/**
 * Records a verified provider event by its id, inside the transaction that applies it: false when it was
 * recorded before (a replay), so every event has its effect once.
 */
export async function recordEvent(
  trx: Transaction<DB>,
  event: PaymentEvent | RefundEvent,
  paymentId: string,
  receivedAt: Date,
): Promise<boolean> {
  const fresh = await trx
    .insertInto('payment_callbacks')
    .values({
      event_id: event.eventId,
      payment_id: paymentId,
      refund_id: event.kind === 'refund' ? event.refundId : null,
      outcome: event.outcome,
      payload: JSON.stringify(event),
      received_at: receivedAt,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst()
  return fresh !== undefined
}
