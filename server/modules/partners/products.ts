import type { Kysely } from 'kysely'
import type { PartnerProduct } from '../../../src/types/generated/api/partner'
import type { DB } from '../../db/schema'
import { notFound } from '../../platform/errors'
import type { PartnerCode } from './tables'
import { markdownTrees } from '../../platform/markdown'

/** A partner product as the partners service works with it: the API's shape plus what the server needs. */
export interface PartnerProductRecord extends PartnerProduct {
  partner: PartnerCode
  planCode: string
  planName: string
  coolingOffDays: number
}

/** 投保须知 as plain lines: the markdown headings' marks dropped, list numbers kept. */
export function plainNotice(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/\*\*/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0)
    .join('\n')
}

/** Partner products: the catalog's product joined with how the partner sells it (partner_products). */
export class PartnerCatalog {
  constructor(private readonly db: Kysely<DB>) {}

  async product(productId: string): Promise<PartnerProductRecord> {
    const row = await this.db
      .selectFrom('products as p')
      .innerJoin('partner_products as pp', 'pp.product_id', 'p.id')
      .innerJoin('insurers as i', 'i.code', 'p.insurer_code')
      .select([
        'p.id',
        'p.name',
        'p.notice',
        'p.health_questions',
        'p.coverage_periods',
        'p.payment_periods',
        'p.age_min_years',
        'p.age_max_years',
        'p.cooling_off_days',
        'i.name as insurer_name',
        'pp.partner',
        'pp.flow',
        'pp.partner_product_type',
        'pp.occupation_required',
        'pp.holder_occupation_required',
        'pp.refused_occupation_classes',
      ])
      .where('p.id', '=', productId)
      .where('p.channel', '=', 'partner')
      .executeTakeFirst()
    if (!row) throw notFound('产品')
    const [plan, rate, clauses, markdownTree] = await Promise.all([
      this.db
        .selectFrom('product_plans')
        .select(['code', 'name'])
        .where('product_id', '=', productId)
        .orderBy('sort')
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('premium_rates')
        .select(['premium_fen', 'coverage_period', 'payment_period'])
        .where('product_id', '=', productId)
        .orderBy('coverage_period')
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('product_clauses')
        .select(['id', 'title', 'markdown'])
        .where('product_id', '=', productId)
        .orderBy('sort')
        .execute(),
      markdownTrees(),
    ])
    return {
      id: row.id,
      name: row.name,
      insurerName: row.insurer_name,
      flow: row.flow,
      partnerProductType: row.partner_product_type,
      priceFen: rate.premium_fen,
      coveragePeriod: rate.coverage_period,
      occupationRequired: row.occupation_required,
      holderOccupationRequired: row.holder_occupation_required,
      refusedOccupationClasses: row.refused_occupation_classes,
      clauses: clauses.map((c) => ({ id: c.id, title: c.title, body: markdownTree(c.markdown) })),
      notice: plainNotice(row.notice),
      questions: row.health_questions,
      partner: row.partner,
      planCode: plan.code,
      planName: plan.name,
      paymentPeriod: rate.payment_period,
      ageMin: row.age_min_years,
      ageMax: row.age_max_years,
      coolingOffDays: row.cooling_off_days,
    }
  }
}

/** The public shape (GET /api/partner/products/:id). */
export function toPartnerProduct(record: PartnerProductRecord): PartnerProduct {
  return {
    id: record.id,
    name: record.name,
    insurerName: record.insurerName,
    flow: record.flow,
    partnerProductType: record.partnerProductType,
    priceFen: record.priceFen,
    coveragePeriod: record.coveragePeriod,
    paymentPeriod: record.paymentPeriod,
    occupationRequired: record.occupationRequired,
    holderOccupationRequired: record.holderOccupationRequired,
    refusedOccupationClasses: record.refusedOccupationClasses,
    ageMin: record.ageMin,
    ageMax: record.ageMax,
    clauses: record.clauses,
    notice: record.notice,
    questions: record.questions,
  }
}
