import type { Kysely } from 'kysely'
import type { NoticeInput, PremiumRatesInput } from '../../../src/types/generated/api/trail'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import type { Actor, StaffAudit } from '../studio/audit'

// Staff edits of a product page's 投保须知 and premium table (发布员). Each is in the audit log; the caller takes the
// new sales page version at once (可回溯), and the content version moves (the render cache drops its pages).

export class CatalogEdits {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: StaffAudit,
  ) {}

  async setNotice(actor: Actor, productId: string, input: NoticeInput): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('products')
        .set({ notice: input.notice })
        .where('id', '=', productId)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw notFound('产品')
      await this.audit.record(
        actor,
        { action: 'product_notice', detail: `修改产品 ${productId} 的投保须知` },
        trx,
      )
    })
  }

  /** Replaces one plan's premium table whole (a table is one document: no row is kept from the old one). */
  async setPremiumRates(actor: Actor, productId: string, input: PremiumRatesInput): Promise<void> {
    const product = await this.db
      .selectFrom('products')
      .select(['coverage_periods', 'payment_periods'])
      .where('id', '=', productId)
      .executeTakeFirst()
    if (!product) throw notFound('产品')
    const plan = await this.db
      .selectFrom('product_plans')
      .select('code')
      .where('product_id', '=', productId)
      .where('code', '=', input.planCode)
      .executeTakeFirst()
    if (!plan) throw refuse('planCode', '该产品没有这个保障计划')
    for (const [i, rate] of input.rates.entries()) {
      if (rate.ageMin > rate.ageMax) throw refuse(`rates.${i}.ageMax`, '最大年龄不能小于最小年龄')
      if (!product.coverage_periods.includes(rate.coveragePeriod))
        throw refuse(`rates.${i}.coveragePeriod`, '该产品不提供此保障期间')
      if (!product.payment_periods.includes(rate.paymentPeriod))
        throw refuse(`rates.${i}.paymentPeriod`, '该产品不提供此交费期间')
    }
    assertNoOverlap(input.rates)
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('premium_rates')
        .where('product_id', '=', productId)
        .where('plan_code', '=', input.planCode)
        .execute()
      await trx
        .insertInto('premium_rates')
        .values(
          input.rates.map((r) => ({
            product_id: productId,
            plan_code: input.planCode,
            age_min: r.ageMin,
            age_max: r.ageMax,
            gender: r.gender,
            coverage_period: r.coveragePeriod,
            payment_period: r.paymentPeriod,
            social_insurance: r.socialInsurance,
            premium_fen: r.premiumFen,
          })),
        )
        .execute()
      await this.audit.record(
        actor,
        {
          action: 'product_premium_rates',
          detail: `修改产品 ${productId} 计划 ${input.planCode} 的费率表（${input.rates.length} 行）`,
        },
        trx,
      )
    })
  }
}

/** A quote takes the one row that matches: two rows of the same kind may not share an age. */
function assertNoOverlap(rates: PremiumRatesInput['rates']): void {
  const byKind = new Map<string, { index: number; ageMin: number; ageMax: number }[]>()
  rates.forEach((r, index) => {
    const kind = [r.gender, r.coveragePeriod, r.paymentPeriod, r.socialInsurance].join('\n')
    byKind.set(kind, [...(byKind.get(kind) ?? []), { index, ageMin: r.ageMin, ageMax: r.ageMax }])
  })
  for (const rows of byKind.values()) {
    rows.sort((a, b) => a.ageMin - b.ageMin)
    for (let i = 1; i < rows.length; i++)
      if (rows[i].ageMin <= rows[i - 1].ageMax)
        throw refuse(`rates.${rows[i].index}.ageMin`, '与另一行的年龄段重叠')
  }
}

function refuse(field: string, message: string): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])
}
