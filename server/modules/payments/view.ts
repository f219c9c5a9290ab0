import type { Selectable } from 'kysely'
import type { Payment } from '../../../src/types/generated/api/payment'
import { toIso } from '../../platform/time'
import type { PaymentsTable } from './tables'

/** A payment as the API shows it: a pending one past its expiry reads EXPIRED. */
export function toPayment(row: Selectable<PaymentsTable>, nowMs: number): Payment {
  const expired = row.status === 'PENDING' && row.expires_at.getTime() <= nowMs
  return {
    paymentId: row.id,
    orderId: row.order_id,
    channel: row.channel,
    scene: row.scene,
    amountFen: row.amount_fen,
    status: expired ? 'EXPIRED' : row.status,
    qrContent: row.qr_content,
    payUrl: row.pay_url,
    invoke: row.invoke,
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  }
}
