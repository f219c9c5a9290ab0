import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { PartnerRejected, PartnerUnavailable, type PartnerAdapter } from './adapter'

// Underwritings that will never be paid, withdrawn at the partner (its `cancel`, by our underwriting request id):
//  - orphans: the application's answer was lost (a timeout at underwriting) and the quote expired without a retry,
//    so the partner may hold an application we have no order for;
//  - orders closed unpaid (cancelled, or past their payment deadline): their partner row is marked first, in one
//    guarded statement, so a capture arriving later is refunded instead of issued (issuing.ts startIssuing).
// The partner answers a cancel of an application it never made as NOT_FOUND: done either way. A partner that
// cannot be reached leaves the row for the next sweep.

/** An unanswered application's quote is left alone this long after it expired (an apply may still be running). */
export const ORPHAN_GRACE_MS = 5 * 60_000
const BATCH = 20

export class OrphanUnderwritings {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly adapter: PartnerAdapter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The sweep's part: marks unpaid closed orders, then withdraws every due underwriting. */
  async cancelDue(): Promise<number> {
    const now = this.now()
    await this.db
      .updateTable('partner_orders as po')
      .from('orders as o')
      .set({ cancelled_at: now, updated_at: now })
      .whereRef('o.id', '=', 'po.order_id')
      .where('po.status', '=', 'UNDERWRITTEN')
      .where('po.cancelled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('o.status', '=', 'CLOSED'),
          eb.and([eb('o.status', 'in', ['PENDING_PAYMENT', 'PAY_FAILED']), eb('o.expires_at', '<=', now)]),
        ]),
      )
      .execute()
    const due = await this.db
      .selectFrom('partner_quotes as q')
      .leftJoin('partner_orders as po', 'po.quote_id', 'q.id')
      .select(['q.id', 'q.underwrite_request_id', 'po.order_id'])
      .where('q.underwrite_request_id', 'is not', null)
      .where('q.underwriting_cancelled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('po.order_id', 'is', null),
            eb('q.expires_at', '<=', new Date(now.getTime() - ORPHAN_GRACE_MS)),
          ]),
          eb('po.cancelled_at', 'is not', null),
        ]),
      )
      .orderBy('q.expires_at')
      .limit(BATCH)
      .execute()
    let cancelled = 0
    for (const row of due) {
      if (await this.cancel(row.id, row.underwrite_request_id!, row.order_id)) cancelled += 1
    }
    return cancelled
  }

  private async cancel(
    quoteId: string,
    underwriteRequestId: string,
    orderId: string | null,
  ): Promise<boolean> {
    try {
      const result = await this.adapter.cancel(
        { requestId: `cancel-${underwriteRequestId}`, underwriteRequestId },
        { orderId },
      )
      this.log.info({ quoteId, orderId, status: result.status }, 'partner underwriting withdrawn')
    } catch (error) {
      if (error instanceof PartnerUnavailable) return false
      if (!(error instanceof PartnerRejected)) throw error
      // The partner went on with it (issuing): nothing to withdraw; support sees it in the log and partner_calls.
      this.log.error({ err: error, quoteId, orderId }, 'partner refused to withdraw an underwriting')
    }
    await this.db
      .updateTable('partner_quotes')
      .set({ underwriting_cancelled_at: this.now() })
      .where('id', '=', quoteId)
      .execute()
    return true
  }
}
