import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { addDays } from '../../../src/domain/age'
import { shanghaiMidnightMs } from '../../../src/domain/dates'
import type { PartnerCallback } from '../../../src/types/generated/api/partner'
import type { DB } from '../../db/schema'
import type { CatalogService } from '../catalog/service'
import type { MessageService } from '../messages/service'
import type { RefundService } from '../payments/refunds'
import type { PolicyService } from '../policies/service'
import type { OrdersTable } from '../purchase/tables'
import { PartnerRejected, PartnerUnavailable, type PartnerAdapter } from './adapter'
import { issueDeadlineAt, overdueReason, type IssueDeadline } from './deadlines'
import type { PartnerSurrenders } from './surrenders'
import type { PartnerOrdersTable } from './tables'

// Issuing a paid partner order. The payment's capture moves the partner order to ISSUING (in the payment's
// transaction, instead of issuing locally); then the partner's `issue` is called with the order's one request id
// (so every retry is the same request to the partner). The partner answers by a signed callback; the policy is
// inserted once whatever arrives twice (guarded updates, callback event ids). While the partner is down, the
// sweep retries with backoff; after MAX_ISSUE_ATTEMPTS failures the order fails and the payment is refunded.
// Once the partner has accepted, we ask (query) until it answers.
// Every order has a deadline (deadlines.ts, set here when it starts issuing): issue is never called past it. At
// the deadline an order still waiting raises the alert partner_issue_overdue once; one the partner accepted is
// asked once more (taken if issued), any other is failed and refunded. A policy the partner reports issued
// after that is voided at the insurer (voidAtInsurer) and never becomes ours.

export const MAX_ISSUE_ATTEMPTS = 6
/** First retry after a minute, then 2, 4, 8, 16 minutes. */
export const ISSUE_RETRY_BASE_MS = 60_000
/** After the partner accepted, ask about the order if no callback came within this long. */
export const ACCEPTED_CHECK_MS = 5 * 60_000
/** An attempt in flight holds the order this long (another process skips it meanwhile). */
const ATTEMPT_LEASE_MS = 2 * 60_000

export const retryDelayMs = (attempts: number) =>
  Math.min(ISSUE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), 30 * 60_000)

export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored'

/** `at`, or the deadline when that comes first. */
const notAfter = (at: Date, deadline: Date | null) =>
  deadline && deadline.getTime() < at.getTime() ? deadline : at

const lockOrder = (trx: Transaction<DB>, orderId: string) =>
  trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow()

export class PartnerIssuing {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly adapter: PartnerAdapter,
    private readonly policies: PolicyService,
    private readonly catalog: CatalogService,
    private readonly refunds: RefundService,
    private readonly messages: MessageService,
    private readonly log: FastifyBaseLogger,
    /** Voids at the partner as recorded, retried requests (surrenders.ts). */
    private readonly voids: Pick<PartnerSurrenders, 'voidLateIssue'>,
  ) {}

  /** In the capture's transaction: true when the order is a partner's (it then waits for the partner). */
  async startIssuing(trx: Transaction<DB>, orderId: string): Promise<boolean> {
    const now = this.now()
    const terms = await trx
      .selectFrom('orders as o')
      .innerJoin('partner_products as pp', 'pp.product_id', 'o.product_id')
      .select(['o.paid_at', 'o.start_date', 'pp.issue_deadline', 'pp.issue_within_minutes'])
      .where('o.id', '=', orderId)
      .executeTakeFirst()
    const deadline = terms
      ? issueDeadlineAt(
          { rule: terms.issue_deadline, withinMinutes: terms.issue_within_minutes },
          terms.paid_at ?? now,
          terms.start_date,
        )
      : null
    const moved = await trx
      .updateTable('partner_orders')
      .set({ status: 'ISSUING', next_attempt_at: now, issue_deadline_at: deadline, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'UNDERWRITTEN')
      // Closed unpaid and withdrawn at the partner (orphans.ts): a late capture is refunded, never issued.
      .where('cancelled_at', 'is', null)
      .returning('order_id')
      .executeTakeFirst()
    return moved !== undefined
  }

  /** After the capture's commit: the first attempt, in the background (the payment's callback is not held up). */
  issueSoon(orderId: string): void {
    const work = this.attempt(orderId).catch((error: unknown) =>
      this.log.error({ err: error, orderId }, 'partner issue attempt failed'),
    )
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  /** Resolves when the background attempts started so far are over (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight])
  }

  /** The sweep: the alert for orders past their deadline, then every order whose next attempt is due. */
  async retryDue(): Promise<void> {
    await this.alertOverdue()
    const due = await this.db
      .selectFrom('partner_orders')
      .select('order_id')
      .where('status', '=', 'ISSUING')
      .where('next_attempt_at', '<=', this.now())
      .orderBy('next_attempt_at')
      .limit(20)
      .execute()
    for (const { order_id } of due) {
      await this.attempt(order_id).catch((error: unknown) =>
        this.log.error({ err: error, orderId: order_id }, 'partner issue retry failed'),
      )
    }
  }

  /**
   * Orders still ISSUING past their deadline, each alerted once: whoever sets overdue_alerted_at (one statement,
   * so two sweepers never both) logs the alert. The attempts then refund them (or take the partner's policy).
   */
  private async alertOverdue(): Promise<void> {
    const now = this.now()
    const overdue = await this.db
      .updateTable('partner_orders')
      .set({ overdue_alerted_at: now })
      .where('status', '=', 'ISSUING')
      .where('issue_deadline_at', '<=', now)
      .where('overdue_alerted_at', 'is', null)
      .returning(['order_id', 'issue_deadline_at', 'accepted_at', 'attempts', 'last_error'])
      .execute()
    for (const order of overdue)
      this.log.error(
        {
          alert: 'partner_issue_overdue',
          orderId: order.order_id,
          deadline: order.issue_deadline_at?.toISOString(),
          accepted: order.accepted_at !== null,
          attempts: order.attempts,
          lastError: order.last_error,
        },
        'paid partner order not issued by its deadline',
      )
  }

  /** One attempt: claimed in one statement (one process at a time), then issue (or, once accepted, query). */
  async attempt(orderId: string): Promise<void> {
    const now = this.now()
    const claimed = await this.db
      .updateTable('partner_orders')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + ATTEMPT_LEASE_MS),
        updated_at: now,
      }))
      .where('order_id', '=', orderId)
      .where('status', '=', 'ISSUING')
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst()
    if (!claimed) return
    const order = await this.db
      .selectFrom('orders as o')
      .innerJoin('partner_products as pp', 'pp.product_id', 'o.product_id')
      .select(['o.premium_fen', 'o.paid_at', 'o.user_id', 'o.product_name'])
      .select(['pp.flow', 'pp.issue_deadline', 'pp.issue_within_minutes'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow()
    const context = { orderId }
    const deadline = claimed.issue_deadline_at
    if (deadline && deadline.getTime() <= now.getTime()) {
      const terms: IssueDeadline = { rule: order.issue_deadline, withinMinutes: order.issue_within_minutes }
      return await this.settleOverdue(claimed, overdueReason(terms, order.flow))
    }
    try {
      if (claimed.accepted_at) {
        const state = await this.adapter.query(claimed.underwriting_no, context)
        if (state.status === 'ISSUED' && state.partnerPolicyNo)
          return await this.complete(orderId, state.partnerPolicyNo)
        if (state.status === 'ISSUE_FAILED')
          return await this.fail(orderId, state.failure ?? '保险公司未能出单')
        await this.schedule(orderId, ACCEPTED_CHECK_MS, null, deadline)
        return
      }
      const result = await this.adapter.issue(
        {
          requestId: claimed.issue_request_id,
          underwritingNo: claimed.underwriting_no,
          premiumFen: order.premium_fen,
          paidAt: order.paid_at ?? now,
        },
        context,
      )
      if (result.status === 'ISSUED') return await this.complete(orderId, result.partnerPolicyNo)
      await this.db
        .updateTable('partner_orders')
        .set({
          accepted_at: this.now(),
          last_error: null,
          next_attempt_at: notAfter(new Date(this.now().getTime() + ACCEPTED_CHECK_MS), deadline),
        })
        .where('order_id', '=', orderId)
        .where('status', '=', 'ISSUING')
        .execute()
    } catch (error) {
      if (error instanceof PartnerRejected) return await this.fail(orderId, error.reason)
      if (!(error instanceof PartnerUnavailable)) throw error
      // The breaker is open: nothing was sent, the attempt does not count; the order waits for the partner.
      if (error.kind === 'open')
        return await this.schedule(orderId, retryDelayMs(1), '保险公司系统繁忙', deadline, true)
      if (claimed.accepted_at) return await this.schedule(orderId, retryDelayMs(1), null, deadline)
      if (claimed.attempts >= MAX_ISSUE_ATTEMPTS) return await this.fail(orderId, '保险公司系统持续繁忙')
      await this.schedule(orderId, retryDelayMs(claimed.attempts), '保险公司系统繁忙', deadline)
      // Told once, at the first failure: the order waits and nothing is lost.
      if (claimed.attempts === 1)
        await this.db.transaction().execute((trx) =>
          this.messages.notify(trx, order.user_id, {
            kind: 'partner_issue_delayed',
            orderId,
            productName: order.product_name,
          }),
        )
    }
  }

  /**
   * At the deadline, for an order still ISSUING: one the partner accepted is asked once more and taken when
   * issued (it was accepted in time; only its answer was late); otherwise, or when the partner cannot be asked,
   * the order fails and is refunded (money first). Issue is never called now.
   */
  private async settleOverdue(claimed: Selectable<PartnerOrdersTable>, reason: string): Promise<void> {
    const orderId = claimed.order_id
    if (claimed.accepted_at) {
      const state = await this.adapter.query(claimed.underwriting_no, { orderId }).catch((error: unknown) => {
        if (error instanceof PartnerUnavailable || error instanceof PartnerRejected) return null
        throw error
      })
      if (state?.status === 'ISSUED' && state.partnerPolicyNo)
        return await this.complete(orderId, state.partnerPolicyNo)
      if (state?.status === 'ISSUE_FAILED')
        return await this.fail(orderId, state.failure ?? '保险公司未能出单')
    }
    await this.fail(orderId, reason)
  }

  /** The next look at the order, never later than its deadline (the deadline's own look decides it). */
  private async schedule(
    orderId: string,
    delayMs: number,
    lastError: string | null,
    deadline: Date | null,
    uncounted = false,
  ): Promise<void> {
    await this.db
      .updateTable('partner_orders')
      .set((eb) => ({
        next_attempt_at: notAfter(new Date(this.now().getTime() + delayMs), deadline),
        last_error: lastError,
        updated_at: this.now(),
        ...(uncounted ? { attempts: eb('attempts', '-', 1) } : {}),
      }))
      .where('order_id', '=', orderId)
      .where('status', '=', 'ISSUING')
      .execute()
  }

  /** A verified callback: recorded once by its event id; the policy is issued once, or the order fails. */
  async applyCallback(callback: PartnerCallback, failure: string | null): Promise<CallbackOutcome> {
    const partnerOrder = await this.db
      .selectFrom('partner_orders as po')
      .innerJoin('orders as o', 'o.id', 'po.order_id')
      .innerJoin('partner_products as pp', 'pp.product_id', 'o.product_id')
      .select([
        'po.order_id',
        'po.issue_request_id',
        'po.issue_deadline_at',
        'po.accepted_at',
        'o.product_id',
      ])
      .select(['pp.flow', 'pp.issue_deadline', 'pp.issue_within_minutes'])
      .where('po.partner', '=', this.adapter.partner)
      .where('po.underwriting_no', '=', callback.applyNo)
      .executeTakeFirst()
    if (!partnerOrder || partnerOrder.issue_request_id !== callback.requestId) {
      this.log.warn(
        { applyNo: callback.applyNo, eventId: callback.eventId },
        'partner callback for no order of ours',
      )
      return 'ignored'
    }
    // Read before the transaction: on PGlite no other query may run beside it.
    const product = await this.catalog.product(partnerOrder.product_id)
    const orderId = partnerOrder.order_id
    // Issued past the deadline for an order the partner had not accepted in time: refunded, and voided there.
    const deadline = partnerOrder.issue_deadline_at
    const tooLate =
      deadline !== null && deadline.getTime() <= this.now().getTime() && partnerOrder.accepted_at === null
    const terms: IssueDeadline = {
      rule: partnerOrder.issue_deadline,
      withinMinutes: partnerOrder.issue_within_minutes,
    }
    let refundId: string | null = null
    let lateIssued = false
    const outcome = await this.db.transaction().execute(async (trx): Promise<CallbackOutcome> => {
      // The order first (see leaveIssuing): the event's row refers to it.
      await lockOrder(trx, orderId)
      const fresh = await trx
        .insertInto('partner_callbacks')
        .values({
          partner: this.adapter.partner,
          event_id: callback.eventId,
          order_id: orderId,
          event_type: callback.eventType,
          payload: JSON.stringify(callback),
          received_at: this.now(),
        })
        .onConflict((oc) => oc.columns(['partner', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst()
      if (!fresh) return 'duplicate'
      if (callback.eventType === 'POLICY_ISSUED' && callback.policyNo) {
        // Too late: the order fails first, so the policy below is not ours (and is voided after the commit).
        if (tooLate) refundId = await this.failIn(trx, orderId, overdueReason(terms, partnerOrder.flow))
        const issued = await this.completeIn(trx, orderId, callback.policyNo, product)
        if (!issued) {
          const current = await trx
            .selectFrom('partner_orders')
            .select('status')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
          lateIssued = current.status === 'ISSUE_FAILED'
        }
        return issued || refundId ? 'applied' : 'ignored'
      }
      refundId = await this.failIn(trx, orderId, failure ?? '保险公司未能出单')
      return refundId ? 'applied' : 'ignored'
    })
    if (refundId) await this.refunds.submit(refundId)
    this.policies.textIssued()
    if (lateIssued && callback.policyNo) await this.voidAtInsurer(orderId, callback.policyNo)
    return outcome
  }

  /**
   * A policy the partner issued after the order failed (refunded) or past its deadline is surrendered at the
   * insurer (a recorded void, retried until the partner answers), so nobody holds an unpaid cover; no local
   * policy is ever made for it.
   */
  private async voidAtInsurer(orderId: string, partnerPolicyNo: string): Promise<void> {
    this.log.error(
      { orderId, policyNo: partnerPolicyNo },
      'partner issued after the order failed or past its deadline; voiding at the insurer',
    )
    await this.voids
      .voidLateIssue(orderId, partnerPolicyNo)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'surrender of a late policy failed'))
  }

  /** The partner issued this order's policy (its answer, or its books in reconcile): issued here, once. */
  async complete(orderId: string, partnerPolicyNo: string): Promise<void> {
    const { product_id } = await this.db
      .selectFrom('orders')
      .select('product_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const product = await this.catalog.product(product_id)
    const issued = await this.db
      .transaction()
      .execute((trx) => this.completeIn(trx, orderId, partnerPolicyNo, product))
    this.policies.textIssued()
    if (issued) return
    const { status } = await this.db
      .selectFrom('partner_orders')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    if (status === 'ISSUE_FAILED') await this.voidAtInsurer(orderId, partnerPolicyNo)
  }

  /** ISSUING → ISSUED in one guarded statement; only the one that moves it inserts the policy. */
  private async completeIn(
    trx: Transaction<DB>,
    orderId: string,
    partnerPolicyNo: string,
    product: Awaited<ReturnType<CatalogService['product']>>,
  ): Promise<boolean> {
    const now = this.now()
    const order = await this.leaveIssuing(trx, orderId, {
      status: 'ISSUED',
      partner_policy_no: partnerPolicyNo,
      last_error: null,
    })
    if (!order) return false
    const policyId = await this.policies.issueForOrder(trx, order, product, partnerPolicyNo)
    await trx
      .updateTable('partner_orders')
      .set({ policy_id: policyId })
      .where('order_id', '=', orderId)
      .execute()
    // A flight's cover is its day, a trip's runs from departure to the end of the return day, from the moment of
    // issue when that is the first day itself (the mall's covers start the day after issue at the earliest).
    if (order.start_date) {
      const dayStart = shanghaiMidnightMs(order.start_date)
      const effectiveAt = new Date(Math.max(dayStart, now.getTime()))
      const lastDay = order.trip?.endDate ?? order.start_date
      await trx
        .updateTable('policies')
        .set({
          effective_at: effectiveAt,
          expires_at: new Date(shanghaiMidnightMs(addDays(lastDay, 1))),
          cooling_off_ends_at: effectiveAt,
        })
        .where('id', '=', policyId)
        .execute()
    }
    return true
  }

  /**
   * ISSUING → ISSUED or ISSUE_FAILED in one guarded statement: only the call that moves it goes on (with the
   * order's row); any other, racing or late, gets null and does nothing. The order's row is locked first, as
   * every path that changes an order does (payments too), so two of them never wait on each other in turn.
   */
  private async leaveIssuing(
    trx: Transaction<DB>,
    orderId: string,
    set: { status: 'ISSUED' | 'ISSUE_FAILED'; last_error: string | null; partner_policy_no?: string },
  ): Promise<Selectable<OrdersTable> | null> {
    const order = await lockOrder(trx, orderId)
    const moved = await trx
      .updateTable('partner_orders')
      .set({ ...set, next_attempt_at: null, updated_at: this.now() })
      .where('order_id', '=', orderId)
      .where('status', '=', 'ISSUING')
      .returning('order_id')
      .executeTakeFirst()
    return moved ? order : null
  }

  private async fail(orderId: string, reason: string): Promise<void> {
    const refundId = await this.db.transaction().execute((trx) => this.failIn(trx, orderId, reason))
    if (refundId) await this.refunds.submit(refundId)
  }

  /** ISSUING → ISSUE_FAILED in one guarded statement; then the payment is refunded and the user told. */
  private async failIn(trx: Transaction<DB>, orderId: string, reason: string): Promise<string | null> {
    const order = await this.leaveIssuing(trx, orderId, { status: 'ISSUE_FAILED', last_error: reason })
    if (!order) return null
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'order_id', 'amount_fen'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'SUCCEEDED')
      .executeTakeFirst()
    return this.refundIn(trx, order, payment ?? null, reason)
  }

  /**
   * In the capture's transaction, for a partner order that startIssuing could not move (its partner row is not
   * UNDERWRITTEN): it is never issued by us instead. The payment is refunded and the order closed, as after a
   * failed issue. Returns the refund to submit after the commit.
   */
  async refuseCapture(
    trx: Transaction<DB>,
    order: Selectable<OrdersTable>,
    payment: { id: string; order_id: string; amount_fen: number },
  ): Promise<string> {
    this.log.error(
      { orderId: order.id, paymentId: payment.id },
      'partner order paid without underwriting: refunded',
    )
    return (await this.refundIn(trx, order, payment, '保险公司未核保通过，无法出单'))!
  }

  /** Paid but never issued: the payment is refunded, the order closes (its refund shows on it), the user is told. */
  private async refundIn(
    trx: Transaction<DB>,
    order: Selectable<OrdersTable>,
    payment: { id: string; order_id: string; amount_fen: number } | null,
    reason: string,
  ): Promise<string | null> {
    const refundId = payment ? await this.refunds.record(trx, payment, 'ISSUE_FAILED') : null
    await trx
      .updateTable('orders')
      .set({ status: 'CLOSED', closed_at: this.now() })
      .where('id', '=', order.id)
      .where('status', '=', 'PAID')
      .execute()
    await this.messages.notify(trx, order.user_id, {
      kind: 'partner_issue_failed',
      orderId: order.id,
      productName: order.product_name,
      amountFen: order.premium_fen,
      reason,
    })
    return refundId
  }
}
