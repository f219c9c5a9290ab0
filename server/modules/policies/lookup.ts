import { createHmac } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { maskCertificateNumber, maskName } from '../../../src/domain/certificate'
import { maskPhone } from '../../../src/domain/phone'
import { SELF_RELATION } from '../../../src/domain/applicant'
import { policyStatusAt } from '../../../src/domain/policy'
import type {
  LookedUpPolicy,
  LookupCodeRequest,
  LookupCodeResponse,
} from '../../../src/types/generated/api/lookup'
import type { DB } from '../../db/schema'
import { tooMany } from '../../platform/errors'
import { HOUR, secondsLeft, SHANGHAI_DAY, takeHit, type LimitWindow } from '../../platform/rateLimits'
import { toIso } from '../../platform/time'
import { codeExpired, CODE_TTL_SECONDS, RESEND_SECONDS, type SmsCodes } from '../auth/smsCodes'
import type { PoliciesTable } from './tables'
import { policyDates } from './service'

export interface LookupLimits {
  /** Code requests one IP address may make per hour. */
  perIpPerHour: number
  /** Code requests for one policy number per calendar day (Asia/Shanghai), matching or not. */
  perPolicyPerDay: number
  /** Lookups (right or wrong code) one IP address may make per hour. */
  checksPerIpPerHour: number
}

export const DEFAULT_LOOKUP_LIMITS: LookupLimits = {
  perIpPerHour: 10,
  perPolicyPerDay: 5,
  checksPerIpPerHour: 30,
}

const RESEND_WINDOW: LimitWindow = { kind: 'fixed', ms: RESEND_SECONDS * 1000 }

type PolicyRow = Selectable<PoliciesTable> & { owner_phone: string }

/** The holder's phone: the one on the policy, else the self-insured's, else the buyer's account phone. */
function holderPhone(row: PolicyRow): string {
  return (
    row.holder.phone ||
    (row.insured.relationType === SELF_RELATION ? row.insured.phone : undefined) ||
    row.owner_phone
  )
}

const normalizePolicyNo = (policyNo: string) => policyNo.trim().toUpperCase()
const normalizeName = (name: string) => name.trim().replace(/\s+/g, ' ')

/**
 * 保单查询 without an account. Asking for a code answers the same whether or not the three facts match a
 * policy (a masked phone derived from the input when none does), under the same limits, so the answer does not
 * tell whether a policy exists; only the holder's phone receives a code, and only that code shows the policy.
 */
export class PolicyLookupService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly codes: SmsCodes,
    private readonly secret: string,
    private readonly limits: LookupLimits = DEFAULT_LOOKUP_LIMITS,
  ) {}

  private async byNumber(policyNo: string): Promise<PolicyRow | undefined> {
    return this.db
      .selectFrom('policies as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.phone as owner_phone')
      .where('p.policy_no', '=', policyNo)
      .executeTakeFirst()
  }

  async sendCode(input: LookupCodeRequest, ip: string): Promise<LookupCodeResponse> {
    const policyNo = normalizePolicyNo(input.policyNo)
    const holderName = normalizeName(input.holderName)
    const certLast4 = input.certLast4.toUpperCase()
    const now = this.now()
    const { perIpPerHour, perPolicyPerDay } = this.limits
    // Alike for every input: whether a policy matches never changes the answer.
    this.codes.assertLookupCodes()
    // Counted before anything is looked up, alike for every policy number: a refusal counts against none.
    await this.db.transaction().execute(async (trx) => {
      if (!(await takeHit(trx, `lookup:ip:${ip}`, perIpPerHour, HOUR, now)))
        throw tooMany('LOOKUP_IP_LIMIT', '查询过于频繁，请稍后再试', secondsLeft(HOUR, now))
      if (!(await takeHit(trx, `lookup:resend:${policyNo}`, 1, RESEND_WINDOW, now)))
        throw tooMany('SMS_TOO_FREQUENT', '验证码发送过于频繁，请稍后再试', secondsLeft(RESEND_WINDOW, now))
      if (!(await takeHit(trx, `lookup:policy:${policyNo}`, perPolicyPerDay, SHANGHAI_DAY, now)))
        throw tooMany(
          'LOOKUP_DAILY_LIMIT',
          '该保单今日获取验证码次数已达上限，请明天再试',
          secondsLeft(SHANGHAI_DAY, now),
        )
    })
    const row = await this.byNumber(policyNo)
    const matches =
      row !== undefined &&
      normalizeName(row.holder.name) === holderName &&
      row.holder.certNo.toUpperCase().endsWith(certLast4)
    let phoneMasked: string
    if (matches) {
      const phone = holderPhone(row)
      await this.codes.issue({
        purpose: `lookup:${row.id}`,
        phone,
        now,
        // Resends are limited above, per policy number, alike for matches and misses.
        resendSeconds: 0,
        message: (code) =>
          `【国恒保险商城】您正在查询保单${policyNo}，验证码为${code}，${CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作请忽略。`,
      })
      phoneMasked = maskPhone(phone)
    } else {
      phoneMasked = this.decoyPhone(policyNo, holderName, certLast4)
    }
    return { phoneMasked, resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS }
  }

  /** A masked phone for facts that match nothing: the same for the same input, like a real one would be. */
  private decoyPhone(policyNo: string, holderName: string, certLast4: string): string {
    const digest = createHmac('sha256', this.secret)
      .update(`lookup-decoy:${policyNo}|${holderName}|${certLast4}`)
      .digest()
    const digits = Array.from(digest.subarray(0, 5), (b) => b % 10)
    return `1${'3456789'[digest[5] % 7]}${digits[0]}****${digits.slice(1).join('')}`
  }

  async lookup(policyNoInput: string, code: string, ip: string): Promise<LookedUpPolicy> {
    const now = this.now()
    if (!(await takeHit(this.db, `lookup:check:${ip}`, this.limits.checksPerIpPerHour, HOUR, now)))
      throw tooMany('LOOKUP_TOO_FREQUENT', '查询尝试过于频繁，请稍后再试', secondsLeft(HOUR, now))
    const row = await this.byNumber(normalizePolicyNo(policyNoInput))
    // No policy, or no code sent for it: the same answer as an expired code.
    if (!row) throw codeExpired()
    await this.codes.consume(`lookup:${row.id}`, holderPhone(row), code, now)
    return {
      policyNo: row.policy_no,
      status: policyStatusAt(policyDates(row), now.getTime()),
      productName: row.product_name,
      insurerName: row.insurer_name,
      planName: row.plan_name,
      coveragePeriod: row.coverage_period,
      paymentPeriod: row.payment_period,
      premiumFen: row.premium_fen,
      holderName: maskName(row.holder.name),
      insuredName: maskName(row.insured.name),
      insuredCertNoMasked: maskCertificateNumber(row.insured.certNo),
      coverages: row.coverages.map((c) => ({ name: c.name, amountFen: c.amountFen })),
      effectiveAt: toIso(row.effective_at),
      expiresAt: row.expires_at ? toIso(row.expires_at) : null,
    }
  }
}
