import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import type { MessageService } from '../messages/service'
import type { PolicyService } from '../policies/service'
import { PartnerRejected, PartnerUnavailable, type PartnerAdapter } from './adapter'
import { retryDelayMs } from './issuing'
import type { PartnerSurrendersTable } from './tables'

// A surrender at the partner insurer is a recorded request (partner_surrenders), never a call whose answer may
// be lost: the row is written first (one statement, one per partner policy, so a double tap, two tabs or two
// sweepers make one), then the partner is asked with the row's one request id (the partner is idempotent by
// it). When the partner answers, the row moves REQUESTED → DONE in one guarded statement, in the same
// transaction as our side of it (the policy surrendered and refunded; nothing for a void), so it happens once.
// While the partner does not answer, the sweep asks again with backoff, for as long as it takes; a refusal
// ends it (REJECTED) and the user is told.

/** Said to the user while the partner has not confirmed the surrender. */
export const SURRENDER_PENDING_NOTE = '已提交退保申请，保险公司确认后将全额退款至原支付账户'
/** An attempt in flight holds the request this long (a sweeper skips it meanwhile). */
const ATTEMPT_LEASE_MS = 2 * 60_000

type SurrenderRow = Selectable<PartnerSurrendersTable>
export type SurrenderOutcome = 'DONE' | 'REQUESTED' | 'REJECTED'

export class PartnerSurrenders {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly adapter: PartnerAdapter,
    private readonly policies: PolicyService,
    private readonly messages: MessageService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The user's cooling-off surrender of a partner policy: recorded (a rejected one may be asked again, with a
   * new request id), then the partner is asked once with a short budget. DONE: surrendered and refunded;
   * REQUESTED: the partner did not answer, the sweep goes on. A refusal is a 409 with the partner's reason.
   */
  async request(
    policy: { id: string; order_id: string | null; partner_policy_no: string },
    reason: string,
  ): Promise<SurrenderOutcome> {
    const now = this.now()
    // Random, never from the clock: the request id is the primary key, and a second unique key that two racing
    // inserts share would fail one of them (23505) instead of making it the ON CONFLICT's duplicate.
    const requestId = `surrender-${policy.id}-${randomBytes(6).toString('hex')}`
    const fresh = {
      request_id: requestId,
      status: 'REQUESTED' as const,
      reason,
      attempts: 1,
      next_attempt_at: new Date(now.getTime() + ATTEMPT_LEASE_MS),
      last_error: null,
      created_at: now,
      updated_at: now,
    }
    const recorded = await this.db
      .insertInto('partner_surrenders')
      .values({
        ...fresh,
        partner: this.adapter.partner,
        partner_policy_no: policy.partner_policy_no,
        kind: 'SURRENDER',
        policy_id: policy.id,
        order_id: policy.order_id,
      })
      .onConflict((oc) =>
        oc
          .columns(['partner', 'partner_policy_no'])
          .doUpdateSet(fresh)
          .where('partner_surrenders.status', '=', 'REJECTED')
          .where('partner_surrenders.kind', '=', 'SURRENDER'),
      )
      .returningAll()
      .executeTakeFirst()
    if (!recorded) throw new ApiError(409, 'SURRENDER_PENDING', `退保申请处理中：${SURRENDER_PENDING_NOTE}`)
    const outcome = await this.ask(recorded, 1)
    if (outcome.kind === 'rejected') throw new ApiError(409, 'PARTNER_REJECTED', outcome.reason)
    return outcome.kind === 'done' ? 'DONE' : 'REQUESTED'
  }

  /**
   * A policy the partner issued after we had refunded its order: voided at the partner (no customer refund),
   * recorded like a surrender so the sweep finishes it if the partner does not answer now.
   */
  async voidLateIssue(orderId: string, partnerPolicyNo: string): Promise<SurrenderOutcome> {
    const now = this.now()
    const recorded = await this.db
      .insertInto('partner_surrenders')
      .values({
        request_id: `late-${orderId}-${randomBytes(6).toString('hex')}`,
        partner: this.adapter.partner,
        partner_policy_no: partnerPolicyNo,
        kind: 'VOID',
        policy_id: null,
        order_id: orderId,
        reason: '保险公司在订单退款后出单，撤销该保单',
        status: 'REQUESTED',
        attempts: 1,
        next_attempt_at: new Date(now.getTime() + ATTEMPT_LEASE_MS),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['partner', 'partner_policy_no']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!recorded) return 'REQUESTED'
    const outcome = await this.ask(recorded, undefined)
    return outcome.kind === 'done' ? 'DONE' : outcome.kind === 'rejected' ? 'REJECTED' : 'REQUESTED'
  }

  /** The sweep: every request whose next attempt is due, each claimed in one statement (one sweeper wins). */
  async retryDue(): Promise<void> {
    const due = await this.db
      .selectFrom('partner_surrenders')
      .select('request_id')
      .where('status', '=', 'REQUESTED')
      .where('next_attempt_at', '<=', this.now())
      .orderBy('next_attempt_at')
      .limit(20)
      .execute()
    for (const { request_id } of due) {
      const now = this.now()
      const claimed = await this.db
        .updateTable('partner_surrenders')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: new Date(now.getTime() + ATTEMPT_LEASE_MS),
          updated_at: now,
        }))
        .where('request_id', '=', request_id)
        .where('status', '=', 'REQUESTED')
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst()
      if (!claimed) continue
      await this.ask(claimed, undefined).catch((error: unknown) =>
        this.log.error({ err: error, requestId: request_id }, 'partner surrender retry failed'),
      )
    }
  }

  /**
   * The partner's books say the policy is surrendered (reconcile): the request is completed as if it had
   * answered, refunding once. False when there is no request waiting for it.
   */
  async completeFromPartner(requestId: string, partnerRefundFen: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('partner_surrenders')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst()
    if (!row || row.status !== 'REQUESTED') return false
    return this.complete(row, partnerRefundFen, true)
  }

  /** One call to the partner for a claimed request, and what follows from its answer. */
  private async ask(
    row: SurrenderRow,
    attempts: number | undefined,
  ): Promise<{ kind: 'done' } | { kind: 'pending' } | { kind: 'rejected'; reason: string }> {
    try {
      const answer = await this.adapter.surrender(
        { requestId: row.request_id, partnerPolicyNo: row.partner_policy_no },
        { orderId: row.order_id, ...(attempts ? { attempts } : {}) },
      )
      // Told by message when the user is not waiting for this answer.
      await this.complete(row, answer.refundFen, attempts === undefined)
      return { kind: 'done' }
    } catch (error) {
      if (error instanceof PartnerRejected) {
        await this.reject(row, error.reason)
        return { kind: 'rejected', reason: error.reason }
      }
      if (!(error instanceof PartnerUnavailable)) throw error
      await this.db
        .updateTable('partner_surrenders')
        .set({
          next_attempt_at: new Date(this.now().getTime() + retryDelayMs(row.attempts)),
          last_error: error.message,
          updated_at: this.now(),
        })
        .where('request_id', '=', row.request_id)
        .where('status', '=', 'REQUESTED')
        .execute()
      return { kind: 'pending' }
    }
  }

  /** REQUESTED → DONE in one guarded statement, with our side of it in the same transaction. */
  private async complete(
    row: SurrenderRow,
    partnerRefundFen: number | null,
    tell: boolean,
  ): Promise<boolean> {
    const claim = async (trx: Transaction<DB>) => {
      const moved = await trx
        .updateTable('partner_surrenders')
        .set({
          status: 'DONE',
          partner_refund_fen: partnerRefundFen,
          next_attempt_at: null,
          last_error: null,
          done_at: this.now(),
          updated_at: this.now(),
        })
        .where('request_id', '=', row.request_id)
        .where('status', '=', 'REQUESTED')
        .returning('request_id')
        .executeTakeFirst()
      if (moved && tell && row.policy_id)
        await this.tellHolder(trx, row.policy_id, (policyId, productName) => ({
          kind: 'partner_surrender_done',
          policyId,
          productName,
        }))
      return moved !== undefined
    }
    if (row.kind === 'VOID' || !row.policy_id) return this.db.transaction().execute(claim)
    return this.policies.settleSurrender(row.policy_id, row.reason ?? '', claim)
  }

  /** A message to the policy's user, in the transaction that settled its surrender request. */
  private async tellHolder(
    trx: Transaction<DB>,
    policyId: string,
    message: (policyId: string, productName: string) => Parameters<MessageService['notify']>[2],
  ): Promise<void> {
    const policy = await trx
      .selectFrom('policies')
      .select(['user_id', 'product_name'])
      .where('id', '=', policyId)
      .executeTakeFirstOrThrow()
    await this.messages.notify(trx, policy.user_id, message(policyId, policy.product_name))
  }

  /** REQUESTED → REJECTED in one guarded statement; the user is told (a void only logs). */
  private async reject(row: SurrenderRow, reason: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('partner_surrenders')
        .set({ status: 'REJECTED', next_attempt_at: null, last_error: reason, updated_at: this.now() })
        .where('request_id', '=', row.request_id)
        .where('status', '=', 'REQUESTED')
        .returning('request_id')
        .executeTakeFirst()
      if (!moved || row.kind === 'VOID' || !row.policy_id) return
      await this.tellHolder(trx, row.policy_id, (policyId, productName) => ({
        kind: 'partner_surrender_rejected',
        policyId,
        productName,
        reason,
      }))
    })
    if (row.kind === 'VOID')
      this.log.error(
        { requestId: row.request_id, policyNo: row.partner_policy_no, reason },
        'alert: the partner refused to void a policy issued after its order was refunded',
      )
  }
}
