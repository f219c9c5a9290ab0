import { createHmac, randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import { maskPhone } from '../../../src/domain/phone'
import type { DB } from '../../db/schema'
import { ApiError, tooMany } from '../../platform/errors'
import { SmsSendError, type SmsProvider } from './sms/provider'

export const CODE_TTL_SECONDS = 300
export const RESEND_SECONDS = 60
export const MAX_WRONG_ATTEMPTS = 5

/**
 * What a code is for: a login, one policy's lookup, or one campaign's form (a code of one never stands in for
 * another).
 */
export type CodePurpose = 'login' | `lookup:${string}` | `form:${string}`

export interface IssueCode {
  purpose: CodePurpose
  phone: string
  now: Date
  /** The text of the SMS around the code. */
  message: (code: string) => string
  /** Counted in the same transaction as the code is stored; throws to refuse (nothing is then counted). */
  limits?: (trx: Transaction<DB>) => Promise<void>
  /** Seconds before the same purpose and phone may have a new code (0: the caller limits resends itself). */
  resendSeconds?: number
}

const lookupUnavailable = () =>
  new ApiError(503, 'SMS_LOOKUP_UNAVAILABLE', '保单查询短信暂未开通，请登录后在“我的保单”中查看')
const formUnavailable = () => new ApiError(503, 'SMS_FORM_UNAVAILABLE', '手机号验证短信暂未开通，请稍后再试')

/**
 * One-time SMS codes (sms_codes): stored only as an HMAC keyed by the server secret, valid 5 minutes, one live
 * code per purpose and phone, checked and counted in one statement (the 5th wrong guess voids it). The login
 * and the policy lookup both use this.
 */
export class SmsCodes {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sms: SmsProvider,
    /** Keys the code hashes, so a database dump does not reveal live codes. */
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private hash(purpose: CodePurpose, phone: string, code: string): string {
    const subject = purpose === 'login' ? phone : `${purpose}:${phone}`
    return createHmac('sha256', this.secret).update(`${subject}:${code}`).digest('hex')
  }

  /** Refuses at once when the gateway cannot send lookup codes (before anything is counted or looked up). */
  assertLookupCodes(): void {
    if (!this.sms.sendLookupCode) throw lookupUnavailable()
  }

  /** Stores a new code (under the limits and the resend slot) and sends it; a code that was not sent is voided. */
  async issue({
    purpose,
    phone,
    now,
    message,
    limits,
    resendSeconds = RESEND_SECONDS,
  }: IssueCode): Promise<void> {
    // Each purpose has its own template at a real gateway; a gateway without the lookup (or form) one cannot send it.
    const form = purpose.startsWith('form:')
    const send =
      purpose === 'login'
        ? this.sms.sendLoginCode.bind(this.sms)
        : form
          ? this.sms.sendFormCode?.bind(this.sms)
          : this.sms.sendLookupCode?.bind(this.sms)
    if (!send) throw form ? formUnavailable() : lookupUnavailable()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const codeHash = this.hash(purpose, phone, code)
    await this.db.transaction().execute(async (trx) => {
      if (limits) await limits(trx)
      await this.claimResendSlot(trx, purpose, phone, codeHash, now, resendSeconds)
    })
    try {
      await send(phone, code, message(code))
    } catch (error) {
      // The code never reached the phone: void it, so the user may ask again at once.
      await this.db
        .deleteFrom('sms_codes')
        .where('purpose', '=', purpose)
        .where('phone', '=', phone)
        .where('code_hash', '=', codeHash)
        .execute()
      if (!(error instanceof SmsSendError)) throw error
      this.log.warn({ reason: error.reason, phone: maskPhone(phone) }, 'SMS not sent')
      if (error.rateLimited)
        throw tooMany('SMS_PROVIDER_LIMIT', '该手机号获取验证码过于频繁，请稍后再试', RESEND_SECONDS)
      throw new ApiError(503, 'SMS_SEND_FAILED', '短信发送失败，请稍后重试')
    }
  }

  /** Stores the new code unless one was sent too recently (one statement decides, so racing sends cannot both win). */
  private async claimResendSlot(
    trx: Transaction<DB>,
    purpose: CodePurpose,
    phone: string,
    codeHash: string,
    now: Date,
    resendSeconds: number,
  ): Promise<void> {
    const resendBefore = new Date(now.getTime() - resendSeconds * 1000)
    const claimed = await trx
      .insertInto('sms_codes')
      .values({
        purpose,
        phone,
        code_hash: codeHash,
        sent_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        attempts: 0,
        consumed_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['purpose', 'phone'])
          .doUpdateSet((eb) => ({
            code_hash: eb.ref('excluded.code_hash'),
            sent_at: eb.ref('excluded.sent_at'),
            expires_at: eb.ref('excluded.expires_at'),
            attempts: 0,
            consumed_at: null,
          }))
          .where('sms_codes.sent_at', '<=', resendBefore),
      )
      .returning('phone')
      .executeTakeFirst()
    if (claimed) return
    const row = await trx
      .selectFrom('sms_codes')
      .select('sent_at')
      .where('purpose', '=', purpose)
      .where('phone', '=', phone)
      .executeTakeFirst()
    const elapsed = row ? (now.getTime() - row.sent_at.getTime()) / 1000 : resendSeconds
    const wait = Math.max(1, Math.ceil(resendSeconds - elapsed))
    throw new ApiError(
      429,
      'SMS_TOO_FREQUENT',
      `验证码发送过于频繁，请${wait}秒后再试`,
      [{ field: 'phone', message: `请${wait}秒后再试`, retryAfterSeconds: wait }],
      { 'Retry-After': String(wait) },
    )
  }

  /**
   * Consumes the code if it is right. One statement checks it and counts a wrong one, under the row lock:
   * however many guesses run at once, at most MAX_WRONG_ATTEMPTS of them are ever compared with the code.
   */
  async consume(purpose: CodePurpose, phone: string, code: string, now: Date): Promise<void> {
    const hash = this.hash(purpose, phone, code)
    const checked = await this.db
      .updateTable('sms_codes')
      .set({
        attempts: sql<number>`attempts + CASE WHEN code_hash = ${hash} THEN 0 ELSE 1 END`,
        consumed_at: sql<Date | null>`CASE WHEN code_hash = ${hash} THEN ${now} ELSE consumed_at END`,
      })
      .where('purpose', '=', purpose)
      .where('phone', '=', phone)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', MAX_WRONG_ATTEMPTS)
      .returning(['attempts', sql<boolean>`consumed_at IS NOT NULL`.as('matched')])
      .executeTakeFirst()
    if (!checked) throw codeExpired()
    if (!checked.matched) {
      const left = MAX_WRONG_ATTEMPTS - checked.attempts
      if (left <= 0)
        throw new ApiError(400, 'CODE_VOIDED', '验证码错误次数过多，请重新获取', [
          { field: 'code', message: '验证码已作废' },
        ])
      throw new ApiError(400, 'CODE_INVALID', `验证码不正确，还可尝试${left}次`, [
        { field: 'code', message: '验证码不正确' },
      ])
    }
  }
}

export const codeExpired = () =>
  new ApiError(400, 'CODE_EXPIRED', '验证码已失效，请重新获取', [{ field: 'code', message: '验证码已失效' }])
