import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { maskPhone } from '../../../src/domain/phone'
import type { DB } from '../../db/schema'
import { tooMany } from '../../platform/errors'
import { AGREEMENT_VERSIONS, REQUIRED_AGREEMENTS, type AgreementKey } from './agreements'
import { requireAgreements } from './consent'
import { CODE_TTL_SECONDS, RESEND_SECONDS, type SmsCodes } from './smsCodes'
import { HOUR, secondsLeft, SHANGHAI_DAY, takeHit } from '../../platform/rateLimits'

export { MAX_WRONG_ATTEMPTS } from './smsCodes'

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
  codes: SmsCodes
  now: () => Date
  limits: SmsLimits
}

/** Login by SMS code: issuing codes under rate limits, checking them, creating users. */
export class LoginService {
  constructor(private readonly options: LoginServiceOptions) {}

  async sendCode(
    phone: string,
    ip: string,
  ): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const { codes, now: clock, limits } = this.options
    const now = clock()
    // The per-IP hour and the per-phone day are counted in the code's transaction, with the 60-second resend
    // slot: each is claimed atomically, and a refusal by any of them counts against none.
    await codes.issue({
      purpose: 'login',
      phone,
      now,
      message: (code) =>
        `【国恒保险商城】您的登录验证码为${code}，${CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作请忽略。`,
      limits: async (trx) => {
        if (!(await takeHit(trx, `sms:ip:${ip}`, limits.perIpPerHour, HOUR, now)))
          throw tooMany('SMS_IP_LIMIT', '获取验证码过于频繁，请稍后再试', secondsLeft(HOUR, now))
        if (!(await takeHit(trx, `sms:phone:${phone}`, limits.perPhonePerDay, SHANGHAI_DAY, now)))
          throw tooMany(
            'SMS_DAILY_LIMIT',
            '该手机号今日获取验证码次数已达上限，请明天再试',
            secondsLeft(SHANGHAI_DAY, now),
          )
      },
    })
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS }
  }

  /** Checks the code (a wrong one counts; the 5th voids it), records consent, returns the user (created if new). */
  async login(
    phone: string,
    code: string,
    agreements: string[],
    ip: string,
  ): Promise<{ userId: string; isNewUser: boolean }> {
    requireAgreements(agreements)
    const { now: clock } = this.options
    const now = clock()
    await this.countAttempt(ip, now)
    await this.options.codes.consume('login', phone, code, now)
    return this.enter(phone, now)
  }

  /** One login attempt from this IP address in the hour, whatever the way (SMS code, the app's token); 429 past the limit. */
  async countAttempt(ip: string, now: Date): Promise<void> {
    const { db, limits } = this.options
    if (!(await takeHit(db, `login:ip:${ip}`, limits.loginsPerIpPerHour, HOUR, now)))
      throw tooMany('LOGIN_TOO_FREQUENT', '登录尝试过于频繁，请稍后再试', secondsLeft(HOUR, now))
  }

  /** The user of a phone the caller has verified (created if new), with consent to the agreements recorded. */
  async enter(phone: string, now: Date): Promise<{ userId: string; isNewUser: boolean }> {
    return this.options.db.transaction().execute(async (trx) => {
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
