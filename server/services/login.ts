import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { maskPhone } from '../../src/domain/certificate'
import type { DB } from '../db/schema'
import { ApiError } from '../errors'
import { AGREEMENT_TITLES, AGREEMENT_VERSIONS, REQUIRED_AGREEMENTS, type AgreementKey } from './agreements'
import type { SmsProvider } from './sms'

export const CODE_TTL_SECONDS = 300
export const RESEND_SECONDS = 60
export const MAX_WRONG_ATTEMPTS = 5

export interface SmsLimits {
  /** Codes one IP address may request per window. */
  perIp: number
  windowSeconds: number
}

export const DEFAULT_SMS_LIMITS: SmsLimits = { perIp: 20, windowSeconds: 3600 }

export interface LoginServiceOptions {
  db: Kysely<DB>
  sms: SmsProvider
  now: () => Date
  /** Keys the code hashes, so a database dump does not reveal live codes. */
  secret: string
  limits: SmsLimits
}

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
    const windowStart = new Date(now.getTime() - limits.windowSeconds * 1000)
    const { count } = await db
      .selectFrom('sms_send_log')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('ip', '=', ip)
      .where('sent_at', '>', windowStart)
      .executeTakeFirstOrThrow()
    if (count >= limits.perIp) {
      throw new ApiError(429, 'SMS_IP_LIMIT', '获取验证码过于频繁，请稍后再试', undefined, {
        'Retry-After': String(limits.windowSeconds),
      })
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const resendBefore = new Date(now.getTime() - RESEND_SECONDS * 1000)
    // One statement decides "may send now" for the phone, so two racing requests cannot both send.
    const claimed = await db
      .insertInto('sms_codes')
      .values({
        phone,
        code_hash: this.codeHash(phone, code),
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
    if (!claimed) {
      const row = await db
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
    await db.insertInto('sms_send_log').values({ phone, ip, sent_at: now }).execute()
    await this.options.sms.sendLoginCode(
      phone,
      code,
      `【国恒保险商城】您的登录验证码为${code}，${CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作请忽略。`,
    )
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS }
  }

  /** Checks the code (a wrong one counts; the 5th voids it), records consent, returns the user (created if new). */
  async login(
    phone: string,
    code: string,
    agreements: string[],
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
    const { db, now: clock } = this.options
    const now = clock()
    // A code is usable while unconsumed, unexpired and under the wrong-attempt limit.
    const liveCode = () =>
      db
        .updateTable('sms_codes')
        .where('phone', '=', phone)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', MAX_WRONG_ATTEMPTS)

    const consumed = await liveCode()
      .set({ consumed_at: now })
      .where('code_hash', '=', this.codeHash(phone, code))
      .returning('phone')
      .executeTakeFirst()
    if (!consumed) {
      const wrong = await liveCode()
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .returning('attempts')
        .executeTakeFirst()
      if (!wrong)
        throw new ApiError(400, 'CODE_EXPIRED', '验证码已失效，请重新获取', [
          { field: 'code', message: '验证码已失效' },
        ])
      const left = MAX_WRONG_ATTEMPTS - wrong.attempts
      if (left <= 0) {
        throw new ApiError(400, 'CODE_VOIDED', '验证码错误次数过多，请重新获取', [
          { field: 'code', message: '验证码已作废' },
        ])
      }
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
