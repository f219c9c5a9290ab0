import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import { maskPhone } from '../../../src/domain/phone'
import type { DB } from '../../db/schema'
import type { PolicyIssuedSms, SmsProvider } from '../auth/sms/provider'

/** What a queued text says, by kind: the variables of its gateway template. */
export type SmsNoticeParams = { kind: 'policy_issued' } & PolicyIssuedSms

/** A notice is tried this many times, then given up (the message center still has what it tells). */
export const SMS_NOTICE_ATTEMPTS = 5
/** The wait after a failed attempt (1st, 2nd, …): a gateway hiccup passes, a long outage is not hammered. */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000]
/** A claimed notice is not claimed again for this long: a sender that died mid-send leaves it for a retry. */
const CLAIM_MS = 10 * 60_000
const BATCH = 20

interface Claimed {
  id: string
  phone: string
  params: SmsNoticeParams
  message: string
  attempts: number
}

/**
 * Text messages about what happened to a user (an issued policy and its e-policy link). `enqueue` writes one in
 * the caller's transaction; it is sent after the commit (`sendSoon`, or the messages module's sweep), retried
 * with a growing wait, and never sent twice for the same thing (one per kind and reference).
 */
export class SmsNoticeService {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly sms: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async enqueue(
    trx: Transaction<DB>,
    notice: { userId: string; phone: string; reference: string; params: SmsNoticeParams; message: string },
  ): Promise<void> {
    const now = this.now()
    await trx
      .insertInto('sms_notices')
      .values({
        id: randomUUID(),
        user_id: notice.userId,
        phone: notice.phone,
        kind: notice.params.kind,
        reference: notice.reference,
        params: JSON.stringify(notice.params),
        message: notice.message,
        created_at: now,
        next_attempt_at: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
      .execute()
  }

  /** After a commit that queued notices: they go out now, in the background, not with the next sweep. */
  sendSoon(): void {
    const work = this.sendDue()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, 'SMS notices not sent'))
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  /** Resolves when the background sends started so far are over (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight])
  }

  /** Sends every notice that is due; how many were sent. */
  async sendDue(): Promise<number> {
    let sent = 0
    for (const notice of await this.claim()) if (await this.send(notice)) sent++
    return sent
  }

  /**
   * Takes the due notices in one statement: their attempt is counted and they are set aside for CLAIM_MS, so
   * two senders (two processes, or a sweep beside a sendSoon) never send the same one.
   */
  private async claim(): Promise<Claimed[]> {
    const now = this.now()
    const { rows } = await sql<Claimed>`
      UPDATE sms_notices
      SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
      WHERE id IN (
        SELECT id FROM sms_notices
        WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, phone, params, message, attempts`.execute(this.db)
    return rows
  }

  private async send(notice: Claimed): Promise<boolean> {
    const send = this.sms.sendPolicyIssued?.bind(this.sms)
    try {
      if (!send) throw new Error(`the SMS provider "${this.sms.name}" has no policy-issued template`)
      const { product, policyNo, link } = notice.params
      await send(notice.phone, { product, policyNo, link }, notice.message)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const last = !send || notice.attempts >= SMS_NOTICE_ATTEMPTS
      const wait = RETRY_AFTER_MS[Math.min(notice.attempts, RETRY_AFTER_MS.length) - 1]
      await this.db
        .updateTable('sms_notices')
        .set({
          last_error: reason.slice(0, 500),
          ...(last ? { gave_up_at: this.now() } : { next_attempt_at: new Date(this.now().getTime() + wait) }),
        })
        .where('id', '=', notice.id)
        .execute()
      this.log.warn(
        { phone: maskPhone(notice.phone), attempt: notice.attempts, reason },
        'SMS notice not sent',
      )
      return false
    }
    await this.db
      .updateTable('sms_notices')
      .set({ sent_at: this.now() })
      .where('id', '=', notice.id)
      .execute()
    return true
  }
}
