import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../platform/errors'
import { hasCurrentConsent, requireAgreements } from '../consent'
import type { LoginService } from '../service'
import { AppTokenUnavailable, type AppTokenVerifier } from './verifier'

export interface AppTokenLoginOptions {
  db: Kysely<DB>
  now: () => Date
  login: LoginService
  /** Null: APP_TOKEN_VERIFY_URL is not configured. */
  verifier: AppTokenVerifier | null
  log: FastifyBaseLogger
}

/**
 * Login inside the company's app: the app's token, checked by the app's backend, stands for the phone the app
 * verified. A user who accepted the agreements in force is logged in at once; a new user (or one whose consent is
 * missing) must send them (400 AGREEMENT_REQUIRED, as the SMS login). Counted per IP with the SMS logins.
 */
export class AppTokenLogin {
  constructor(private readonly options: AppTokenLoginOptions) {}

  get configured(): boolean {
    return this.options.verifier !== null
  }

  async login(
    token: string,
    agreements: string[] | undefined,
    ip: string,
  ): Promise<{ userId: string; isNewUser: boolean }> {
    const { db, now: clock, login, verifier, log } = this.options
    if (!verifier) throw new ApiError(400, 'APP_TOKEN_NOT_CONFIGURED', '未开通App登录，请使用验证码登录')
    const now = clock()
    await login.countAttempt(ip, now)
    let phone: string
    try {
      const verdict = await verifier.verify(token)
      if (!verdict.valid) throw new ApiError(401, 'APP_TOKEN_INVALID', 'App登录已失效，请在App中重新登录')
      phone = verdict.phone
    } catch (error) {
      if (!(error instanceof AppTokenUnavailable)) throw error
      log.warn({ reason: error.message }, 'app token check failed')
      throw new ApiError(502, 'APP_TOKEN_UNAVAILABLE', 'App登录服务暂时不可用，请稍后重试')
    }
    const known = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()
    if (known && (await hasCurrentConsent(db, known.id))) return { userId: known.id, isNewUser: false }
    requireAgreements(agreements ?? [])
    return login.enter(phone, now)
  }
}
