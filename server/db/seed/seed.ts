import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../schema'
import { GENERAL_FAQS, clauses, description, healthQuestions, notice, productFaqs } from './documents'
import { CATEGORIES, INSURERS } from './insurers'
import { buildRates } from './premiums'
import { PRODUCTS, type ProductSeed } from './products'
import { productImagePath } from './productArt'

export const DEMO_SEED_KEY = 'demo_catalog_seeded_at'

/** Loads the demo catalog once (recorded in app_meta), all in one transaction. Returns whether it ran. */
export async function seedDemoCatalog(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_SEED_KEY)
      .executeTakeFirst()
    if (done) return false
    await trx
      .insertInto('insurers')
      .values(
        INSURERS.map((i, sort) => ({
          code: i.code,
          name: i.name,
          short_name: i.shortName,
          logo: `/images/insurers/${i.code.toLowerCase()}.svg`,
          sort,
        })),
      )
      .execute()
    await trx
      .insertInto('categories')
      .values(
        CATEGORIES.map((c, sort) => ({
          code: c.code,
          name: c.name,
          icon: `/images/categories/${c.code}.svg`,
          sort,
        })),
      )
      .execute()
    for (const [sort, p] of PRODUCTS.entries()) await insertProduct(trx, p, sort)
    await trx
      .insertInto('faqs')
      .values(
        GENERAL_FAQS.map(([question, answer], i) => ({
          id: `faq-${i + 1}`,
          product_id: null,
          question,
          answer,
          sort: i,
        })),
      )
      .execute()
    await trx.insertInto('app_meta').values({ key: DEMO_SEED_KEY, value: now.toISOString() }).execute()
    return true
  })
}

/** One demo product with its plans, premium tables, clauses and FAQs. */
export async function insertProduct(trx: Transaction<DB>, p: ProductSeed, sort: number): Promise<void> {
  const insurerName = INSURERS.find((i) => i.code === p.insurer)?.name ?? ''
  const plans = p.plans.map((plan) => ({
    plan,
    rates: buildRates(
      plan.pricing,
      { min: p.ageMin.years, max: p.ageMax },
      p.coveragePeriods,
      p.paymentPeriods,
    ),
  }))
  const minPremiumFen = Math.min(...plans.flatMap(({ rates }) => rates.map((r) => r.premiumFen)))
  await trx
    .insertInto('products')
    .values({
      id: p.id,
      name: p.name,
      tagline: p.tagline,
      image: productImagePath(p.id),
      category_code: p.category,
      insurer_code: p.insurer,
      tags: JSON.stringify(p.tags),
      description: description(p, insurerName),
      age_min_years: p.ageMin.years,
      age_min_days: p.ageMin.days ?? 0,
      age_max_years: p.ageMax,
      waiting_period_days: p.waitingDays,
      cooling_off_days: p.coolingOffDays,
      needs_address: p.needsAddress ?? false,
      health_questions: JSON.stringify(healthQuestions(p)),
      notice: notice(p, insurerName),
      coverage_periods: JSON.stringify(p.coveragePeriods),
      payment_periods: JSON.stringify(p.paymentPeriods),
      sales_count: p.sales,
      rating_tenths: p.rating,
      min_premium_fen: minPremiumFen,
      sort,
      risk_level: p.riskLevel ?? null,
    })
    .execute()
  for (const [planSort, { plan, rates }] of plans.entries()) {
    await trx
      .insertInto('product_plans')
      .values({
        product_id: p.id,
        code: plan.code,
        name: plan.name,
        sort: planSort,
        coverages: JSON.stringify(
          plan.coverages.map(([name, amountYuan, note]) => ({
            name,
            amountFen: amountYuan * 100,
            description: note,
          })),
        ),
      })
      .execute()
    await trx
      .insertInto('premium_rates')
      .values(
        rates.map((r) => ({
          product_id: p.id,
          plan_code: plan.code,
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
  }
  await trx
    .insertInto('product_clauses')
    .values(clauses(p, insurerName).map((c, i) => ({ product_id: p.id, ...c, sort: i })))
    .execute()
  await trx
    .insertInto('faqs')
    .values(
      productFaqs(p).map(([question, answer], i) => ({
        id: `${p.id}-faq-${i + 1}`,
        product_id: p.id,
        question,
        answer,
        sort: i,
      })),
    )
    .execute()
}

export const DEMO_RISK_PRODUCTS_KEY = 'demo_risk_products_seeded_at'

/**
 * Investment-type products came after the first catalog: a data folder seeded before gets them (and the risk levels
 * of the products that carry one) once, recorded in app_meta. A fresh catalog already has them: then it only records.
 */
export async function seedRiskRatedProducts(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('key')
      .where('key', '=', DEMO_RISK_PRODUCTS_KEY)
      .executeTakeFirst()
    const catalog = await trx
      .selectFrom('app_meta')
      .select('key')
      .where('key', '=', DEMO_SEED_KEY)
      .executeTakeFirst()
    if (done || !catalog) return false
    const present = new Set((await trx.selectFrom('products').select('id').execute()).map((row) => row.id))
    for (const [sort, p] of PRODUCTS.entries()) {
      if (!p.riskLevel) continue
      if (present.has(p.id))
        await trx.updateTable('products').set({ risk_level: p.riskLevel }).where('id', '=', p.id).execute()
      else await insertProduct(trx, p, sort)
    }
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_RISK_PRODUCTS_KEY, value: now.toISOString() })
      .execute()
    return true
  })
}
