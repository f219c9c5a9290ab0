import { createHmac, randomBytes, randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import { maskPhone } from '../../../src/domain/certificate'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { AGREEMENT_TITLES, AGREEMENT_VERSIONS, REQUIRED_AGREEMENTS, type AgreementKey } from './agreements'
import { SmsSendError, type SmsProvider } from './sms/provider'
import { HOUR, secondsLeft, SHANGHAI_DAY, takeHit } from '../../platform/rateLimits'

export const CODE_TTL_SECONDS = 300
export const RESEND_SECONDS = 60
export const MAX_WRONG_ATTEMPTS = 5

export interface SmsLimits {
  /** Codes one IP address may request per hour. */
  perIpPerHour: number
  /** Codes one phone may receive per calendar day (Asia/Shanghai). */
  perPhonePerDay: number
  /** Login attempts (right or wrong code) one IP address may make per hour. */
  loginsPerIpPerHour: number
}

export const DEFAULT_SMS_LIMITS: SmsLimits = { perIpPerHour: 20, perPhonePerDay: 10, loginsPerIpPerHour: 60 }

export interface LoginServiceOptions {
  db: Kysely<DB>
  sms: SmsProvider
  now: () => Date
  /** Keys the code hashes, so a database dump does not reveal live codes. */
  secret: string
  limits: SmsLimits
  log: FastifyBaseLogger
}

const tooMany = (code: string, message: string, retryAfter: number) =>
  new ApiError(429, code, message, undefined, { 'Retry-After': String(retryAfter) })

/** Login by SMS code: issuing codes under rate limits, checking them, creating users. */
export class LoginService {
  constructor(private readonly options: LoginServiceOptions) {}

  private codeHash(phone: string, code: string): string {
    return createHmac('sha256', this.options.secret).update(`${phone}:${code}`).digest('hex')
  }

  async sendCode(
    phone: string,
    ip: string,
  ): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const { db, now: clock, limits } = this.options
    const now = clock()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const codeHash = this.codeHash(phone, code)
    // One transaction of single-statement counters: the per-IP hour, the per-phone day and the 60-second
    // resend slot are each claimed atomically, and a refusal by any of them counts against none.
    await db.transaction().execute(async (trx) => {
      if (!(await takeHit(trx, `sms:ip:${ip}`, limits.perIpPerHour, HOUR, now)))
        throw tooMany('SMS_IP_LIMIT', '获取验证码过于频繁，请稍后再试', secondsLeft(HOUR, now))
      if (!(await takeHit(trx, `sms:phone:${phone}`, limits.perPhonePerDay, SHANGHAI_DAY, now)))
        throw tooMany(
          'SMS_DAILY_LIMIT',
          '该手机号今日获取验证码次数已达上限，请明天再试',
          secondsLeft(SHANGHAI_DAY, now),
        )
      await this.claimResendSlot(trx, phone, codeHash, now)
    })
    try {
      await this.options.sms.sendLoginCode(
        phone,
        code,
        `【国恒保险商城】您的登录验证码为${code}，${CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作请忽略。`,
      )
    } catch (error) {
      // The code never reached the phone: void it, so the user may ask again at once.
      await db.deleteFrom('sms_codes').where('phone', '=', phone).where('code_hash', '=', codeHash).execute()
      if (!(error instanceof SmsSendError)) throw error
      this.options.log.warn({ reason: error.reason, phone: maskPhone(phone) }, 'SMS not sent')
      if (error.rateLimited)
        throw tooMany('SMS_PROVIDER_LIMIT', '该手机号获取验证码过于频繁，请稍后再试', RESEND_SECONDS)
      throw new ApiError(503, 'SMS_SEND_FAILED', '短信发送失败，请稍后重试')
    }
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS }
  }

  /** Stores the new code unless one was sent less than 60 s ago (one statement decides, so racing sends cannot both win). */
  private async claimResendSlot(
    trx: Transaction<DB>,
    phone: string,
    codeHash: string,
    now: Date,
  ): Promise<void> {
    const resendBefore = new Date(now.getTime() - RESEND_SECONDS * 1000)
    const claimed = await trx
      .insertInto('sms_codes')
      .values({
        phone,
        code_hash: codeHash,
        sent_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        attempts: 0,
        consumed_at: null,
      })
      .onConflict((oc) =>
        oc
          .column('phone')
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
      .where('phone', '=', phone)
      .executeTakeFirst()
    const elapsed = row ? (now.getTime() - row.sent_at.getTime()) / 1000 : RESEND_SECONDS
    const wait = Math.max(1, Math.ceil(RESEND_SECONDS - elapsed))
    throw new ApiError(
      429,
      'SMS_TOO_FREQUENT',
      `验证码发送过于频繁，请${wait}秒后再试`,
      [{ field: 'phone', message: `请${wait}秒后再试`, retryAfterSeconds: wait }],
      { 'Retry-After': String(wait) },
    )
  }
  /** Checks the code (a wrong one counts; the 5th voids it), records consent, returns the user (created if new). */
  async login(
    phone: string,
    code: string,
    agreements: string[],
    ip: string,
  ): Promise<{ userId: string; isNewUser: boolean }> {
    const missing = REQUIRED_AGREEMENTS.filter((key) => !agreements.includes(key))
    if (missing.length > 0) {
      throw new ApiError(
        400,
        'AGREEMENT_REQUIRED',
        `请阅读并同意${missing.map((k) => AGREEMENT_TITLES[k]).join('、')}`,
        missing.map((key) => ({ field: 'agreements', message: `未同意${AGREEMENT_TITLES[key]}` })),
      )
    }
    const { db, now: clock, limits } = this.options
    const now = clock()
    if (!(await takeHit(db, `login:ip:${ip}`, limits.loginsPerIpPerHour, HOUR, now)))
      throw tooMany('LOGIN_TOO_FREQUENT', '登录尝试过于频繁，请稍后再试', secondsLeft(HOUR, now))
    // One statement checks the code and counts a wrong one, under the row lock: however many guesses run at
    // once, at most MAX_WRONG_ATTEMPTS of them are ever compared with the code.
    const hash = this.codeHash(phone, code)
    const checked = await db
      .updateTable('sms_codes')
      .set({
        attempts: sql<number>`attempts + CASE WHEN code_hash = ${hash} THEN 0 ELSE 1 END`,
        consumed_at: sql<Date | null>`CASE WHEN code_hash = ${hash} THEN ${now} ELSE consumed_at END`,
      })
      .where('phone', '=', phone)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', MAX_WRONG_ATTEMPTS)
      .returning(['attempts', sql<boolean>`consumed_at IS NOT NULL`.as('matched')])
      .executeTakeFirst()
    if (!checked)
      throw new ApiError(400, 'CODE_EXPIRED', '验证码已失效，请重新获取', [
        { field: 'code', message: '验证码已失效' },
      ])
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

    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values({
          id: `u_${randomBytes(12).toString('base64url')}`,
          phone,
          nickname: `用户${maskPhone(phone).slice(-4)}`,
          avatar: null,
          real_name: null,
          id_number: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returning('id')
        .executeTakeFirst()
      const userId =
        inserted?.id ??
        (await trx.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id
      await trx
        .insertInto('user_agreements')
        .values(
          REQUIRED_AGREEMENTS.map((key: AgreementKey) => ({
            user_id: userId,
            agreement: key,
            version: AGREEMENT_VERSIONS[key],
            accepted_at: now,
          })),
        )
        .execute()
      return { userId, isNewUser: inserted !== undefined }
    })
  }
}
