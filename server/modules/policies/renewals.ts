import type { Kysely } from 'kysely'
import { addDays, daysBetween, shanghaiDate } from '../../../src/domain/age'
import { GIFT_NOT_RENEWABLE, isGiftPolicy, RENEWAL_WINDOW_DAYS } from '../../../src/domain/policy'
import { quotePremium } from '../../../src/domain/pricing'
import type { ProductDetail } from '../../../src/types/generated/api/catalog'
import type { Renewal, RenewalList } from '../../../src/types/generated/api/renewal'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import type { CatalogService } from '../catalog/service'

const DAY_MS = 86_400_000

/**
 * 续保: the caller's paid policies (never a gift) ending within 60 days, each priced again from the product's tables for the
 * insured's age on the day the new cover would start (the old one's end day), and the auto-renewal switch.
 */
export class RenewalService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: CatalogService,
  ) {}

  async list(userId: string): Promise<RenewalList> {
    const now = this.now()
    const rows = await this.db
      .selectFrom('policies as p')
      .leftJoin('orders as o', 'o.id', 'p.order_id')
      .selectAll('p')
      .select('o.plan_code')
      .where('p.user_id', '=', userId)
      .where('p.surrendered_at', 'is', null)
      // A gift policy (zero premium, isGiftPolicy) is never offered for a paid renewal.
      .where('p.premium_fen', '>', 0)
      .where('p.expires_at', '>', now)
      .where('p.expires_at', '<=', new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS))
      .orderBy('p.expires_at')
      .orderBy('p.id')
      .limit(200)
      .execute()
    const today = shanghaiDate(now.getTime())
    // The live order renewing each policy (orders_renew_once keeps it to one).
    const renewing = rows.length
      ? await this.db
          .selectFrom('orders')
          .select(['id', 'status', 'renews_policy_id'])
          .where(
            'renews_policy_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('status', 'in', ['PENDING_PAYMENT', 'PAID', 'ISSUED'])
          .execute()
      : []
    const renewalOrders = new Map(
      renewing.map((o) => [
        o.renews_policy_id as string,
        { orderId: o.id, status: o.status as 'PENDING_PAYMENT' | 'PAID' | 'ISSUED' },
      ]),
    )
    const products = new Map<string, ProductDetail | null>()
    const items: Renewal[] = []
    for (const row of rows) {
      if (!products.has(row.product_id))
        products.set(row.product_id, await this.catalog.productOrNull(row.product_id))
      const product = products.get(row.product_id) ?? null
      // Cover ends at the start of its end day: the new cover starts that day, the last covered day is before.
      const newStartDate = shanghaiDate((row.expires_at as Date).getTime())
      const planCode =
        row.plan_code ?? product?.plans.find((p) => p.name === row.plan_name)?.code ?? row.plan_name
      const socialInsurance = row.insured.hasSocialInsurance === 'N' ? 'N' : 'Y'
      const gender = row.insured.gender === 'F' ? 'F' : 'M'
      const quote = product
        ? quotePremium(product, {
            planCode,
            birthDate: row.insured.birthday,
            gender,
            coveragePeriod: row.coverage_period,
            paymentPeriod: row.payment_period,
            socialInsurance,
            effectiveDate: newStartDate,
          })
        : null
      items.push({
        policyId: row.id,
        policyNo: row.policy_no,
        productId: row.product_id,
        productName: row.product_name,
        planCode,
        planName: row.plan_name,
        coveragePeriod: row.coverage_period,
        paymentPeriod: row.payment_period,
        insuredName: row.insured.name,
        insuredBirthDate: row.insured.birthday,
        insuredGender: gender,
        socialInsurance,
        lastDay: addDays(newStartDate, -1),
        daysLeft: daysBetween(today, newStartDate),
        newStartDate,
        currentPremiumFen: row.premium_fen,
        renewalPremiumFen: quote?.ok ? quote.premiumFen : null,
        ageOnNewStart: quote?.ok ? quote.age : null,
        unavailableReason: !product ? '该产品已停售，暂不能续保' : quote && !quote.ok ? quote.message : null,
        autoRenew: row.auto_renew,
        renewalOrder: renewalOrders.get(row.id) ?? null,
      })
    }
    return { items, windowDays: RENEWAL_WINDOW_DAYS }
  }

  /** Switches auto-renewal of one of the caller's policies that is open for renewal (ending within 60 days). */
  async setAutoRenew(userId: string, policyId: string, enabled: boolean): Promise<Renewal> {
    const now = this.now()
    const updated = await this.db
      .updateTable('policies')
      .set({ auto_renew: enabled })
      .where('id', '=', policyId)
      .where('user_id', '=', userId)
      .where('surrendered_at', 'is', null)
      .where('premium_fen', '>', 0)
      .where('expires_at', '>', now)
      .where('expires_at', '<=', new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS))
      .returning('id')
      .executeTakeFirst()
    if (!updated) {
      const mine = await this.db
        .selectFrom('policies')
        .select(['id', 'premium_fen'])
        .where('id', '=', policyId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!mine) throw notFound('保单')
      if (isGiftPolicy({ premiumFen: mine.premium_fen }))
        throw new ApiError(409, 'NOT_RENEWABLE', GIFT_NOT_RENEWABLE)
      throw new ApiError(
        409,
        'NOT_RENEWABLE',
        `该保单暂不能设置自动续保：仅限未退保、${RENEWAL_WINDOW_DAYS}天内到期的保单`,
      )
    }
    const listed = (await this.list(userId)).items.find((r) => r.policyId === policyId)
    if (!listed) throw notFound('保单')
    return listed
  }
}
