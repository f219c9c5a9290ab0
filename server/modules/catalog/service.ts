import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type {
  Category,
  Faq,
  Insurer,
  ProductDetail,
  ProductPage,
  ProductQuery,
  ProductSummary,
} from '../../../src/types/generated/api/catalog'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { markdownTrees } from '../../platform/markdown'
import { searchAlternatives } from './search'

type SortKey = NonNullable<ProductQuery['sort']> | 'default'
interface Cursor {
  s: SortKey
  v: number
  id: string
}

const DEFAULT_LIMIT = 20

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

/** What a cursor value may be: an int4 column value, or (articles) a time in years 1970–9999. */
const CURSOR_RANGE = { int4: [-(2 ** 31), 2 ** 31 - 1] } as const

function decodeCursor(text: string, sort: SortKey, range: keyof typeof CURSOR_RANGE = 'int4'): Cursor {
  const invalid = () =>
    new ApiError(400, 'INVALID_CURSOR', '分页游标（cursor）无效，请从第一页重新加载', [
      { field: 'cursor', message: '分页游标无效' },
    ])
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  const c = parsed as Partial<Cursor> | null
  const [min, max] = CURSOR_RANGE[range]
  // A cursor comes back from the client: bounded like any input, so SQL never sees a value it refuses.
  if (
    !c ||
    c.s !== sort ||
    typeof c.v !== 'number' ||
    !Number.isSafeInteger(c.v) ||
    c.v < min ||
    c.v > max ||
    typeof c.id !== 'string' ||
    !/^[A-Za-z0-9_-]{1,64}$/.test(c.id)
  )
    throw invalid()
  return { s: c.s, v: c.v, id: c.id }
}

/** Escapes LIKE wildcards so a keyword matches literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** `ref` holds one of `words` (case-insensitive). */
const anyLike = (ref: string, words: readonly string[]) =>
  sql<boolean>`(${sql.join(
    words.map((word) => sql`${sql.ref(ref)} ILIKE ${likePattern(word)}`),
    sql` OR `,
  )})`

/** Search ranks apart by more than any product's sort (seed sorts stay below 1,000). */
const RANK_STEP = 100_000

const SORT_COLUMN = {
  sales: { column: 'p.sales_count', desc: true },
  price: { column: 'p.min_premium_fen', desc: false },
  rating: { column: 'p.rating_tenths', desc: true },
  default: { column: 'p.sort', desc: false },
} as const

type ProductRow = {
  id: string
  name: string
  tagline: string
  image: string
  category_code: string
  insurer_code: string
  insurer_name: string
  tags: string[]
  min_premium_fen: number
  sales_count: number
  rating_tenths: number
  sort: number
}

function toSummary(row: ProductRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    tagline: row.tagline,
    image: row.image,
    categoryCode: row.category_code,
    insurerCode: row.insurer_code,
    insurerName: row.insurer_name,
    tags: row.tags,
    minPremiumFen: row.min_premium_fen,
    salesCount: row.sales_count,
    rating: row.rating_tenths / 10,
  }
}

export class CatalogService {
  constructor(private readonly db: Kysely<DB>) {}

  async categories(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories as c')
      .leftJoin('products as p', 'p.category_code', 'c.code')
      .select(['c.code', 'c.name', 'c.icon', sql<number>`count(p.id)::int`.as('productCount')])
      .groupBy(['c.code', 'c.name', 'c.icon', 'c.sort'])
      .orderBy('c.sort')
      .orderBy('c.code')
      .execute()
    return rows
  }

  async insurers(): Promise<Insurer[]> {
    return this.db
      .selectFrom('insurers')
      .select(['code', 'name', 'short_name as shortName', 'logo'])
      .orderBy('sort')
      .orderBy('code')
      .execute()
  }

  private summaries(): SelectQueryBuilder<
    DB & { p: DB['products']; i: DB['insurers'] },
    'p' | 'i',
    ProductRow
  > {
    return this.db
      .selectFrom('products as p')
      .innerJoin('insurers as i', 'i.code', 'p.insurer_code')
      .select([
        'p.id',
        'p.name',
        'p.tagline',
        'p.image',
        'p.category_code',
        'p.insurer_code',
        'i.short_name as insurer_name',
        'p.tags',
        'p.min_premium_fen',
        'p.sales_count',
        'p.rating_tenths',
        'p.sort',
      ]) as unknown as SelectQueryBuilder<
      DB & { p: DB['products']; i: DB['insurers'] },
      'p' | 'i',
      ProductRow
    >
  }

  async products(query: ProductQuery): Promise<ProductPage> {
    const sort: SortKey = query.sort ?? 'default'
    const limit = query.limit ?? DEFAULT_LIMIT
    const { column, desc } = SORT_COLUMN[sort]
    // Gift products given only through a campaign (162_campaign_claims.sql) are not on sale, so not listed.
    // Partner products (180_partners.sql) are, and their cards open their own flows (partnerEntryHref).
    let q = this.summaries().where('p.campaign_only', '=', false)
    if (query.category) q = q.where('p.category_code', '=', query.category)
    if (query.insurer) q = q.where('p.insurer_code', '=', query.insurer)
    if (query.tag) q = q.where(sql<boolean>`p.tags @> ${JSON.stringify([query.tag])}::jsonb`)
    // Search: every part of the query (or a synonym of it) is in the product's terms, name, tagline or insurer.
    // Without another sort, products whose own terms hold every part come first (RANK_STEP apart).
    let order: RawBuilder<number> = sql<number>`${sql.ref(column)}`
    if (query.keyword) {
      const parts = searchAlternatives(query.keyword.trim())
      for (const part of parts)
        q = q.where(
          sql<boolean>`(${sql.join(
            ['p.search_terms', 'p.name', 'p.tagline', 'i.short_name'].map((ref) => anyLike(ref, part)),
            sql` OR `,
          )})`,
        )
      if (sort === 'default' && parts.length > 0)
        order = sql<number>`((CASE WHEN ${sql.join(
          parts.map((part) => anyLike('p.search_terms', part)),
          sql` AND `,
        )} THEN 0 ELSE 1 END) * ${sql.lit(RANK_STEP)} + p.sort)`
    }
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, sort)
      q = q.where(
        sql<boolean>`(${order} ${sql.raw(desc ? '<' : '>')} ${cursor.v} OR (${order} = ${cursor.v} AND p.id > ${cursor.id}))`,
      )
    }
    const rows = await q
      .select(order.as('order_value'))
      .orderBy(order, desc ? 'desc' : 'asc')
      .orderBy('p.id', 'asc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return {
      items: page.map(toSummary),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ s: sort, v: last.order_value, id: last.id }) : null,
    }
  }

  /** The product, or null when it no longer exists (a 404 of product()); other errors still throw. */
  async productOrNull(id: string): Promise<ProductDetail | null> {
    try {
      return await this.product(id)
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return null
      throw error
    }
  }

  async product(id: string): Promise<ProductDetail> {
    const row = await this.db
      .selectFrom('products as p')
      .innerJoin('insurers as i', 'i.code', 'p.insurer_code')
      .selectAll('p')
      .select('i.short_name as insurer_name')
      .where('p.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('产品')
    const [plans, rates, clauses, faqs, markdownTree] = await Promise.all([
      this.db
        .selectFrom('product_plans')
        .selectAll()
        .where('product_id', '=', id)
        .orderBy('sort')
        .orderBy('code')
        .execute(),
      this.db
        .selectFrom('premium_rates')
        .selectAll()
        .where('product_id', '=', id)
        .orderBy('plan_code')
        .orderBy('coverage_period')
        .orderBy('payment_period')
        .orderBy('gender')
        .orderBy('social_insurance')
        .orderBy('age_min')
        .execute(),
      this.db
        .selectFrom('product_clauses')
        .selectAll()
        .where('product_id', '=', id)
        .orderBy('sort')
        .execute(),
      this.db
        .selectFrom('faqs')
        .select(['question', 'answer'])
        .where('product_id', '=', id)
        .orderBy('sort')
        .execute(),
      markdownTrees(),
    ])
    return {
      ...toSummary(row),
      description: markdownTree(row.description),
      ageMin:
        row.age_min_days > 0
          ? { years: row.age_min_years, days: row.age_min_days }
          : { years: row.age_min_years },
      ageMax: row.age_max_years,
      waitingPeriodDays: row.waiting_period_days,
      coolingOffDays: row.cooling_off_days,
      needsAddress: row.needs_address,
      healthQuestions: row.health_questions,
      clauses: clauses.map((c) => ({ id: c.id, title: c.title, body: markdownTree(c.markdown) })),
      notice: markdownTree(row.notice),
      faqs: faqs.map((f) => ({ q: f.question, a: markdownTree(f.answer) })),
      coveragePeriods: row.coverage_periods,
      paymentPeriods: row.payment_periods,
      riskLevel: row.risk_level,
      plans: plans.map((plan) => ({
        code: plan.code,
        name: plan.name,
        coverages: plan.coverages,
        premiumRates: rates
          .filter((r) => r.plan_code === plan.code)
          .map((r) => ({
            ageMin: r.age_min,
            ageMax: r.age_max,
            gender: r.gender,
            coveragePeriod: r.coverage_period,
            paymentPeriod: r.payment_period,
            socialInsurance: r.social_insurance,
            premiumFen: r.premium_fen,
          })),
      })),
    }
  }

  /**
   * Products that fit an insured declined by these health questions (智能核保's 为您推荐): on sale in the mall, of
   * the same category, asking none of them; the best sellers first.
   */
  async fittingWithout(
    product: ProductDetail,
    questionTexts: readonly string[],
    limit = 3,
  ): Promise<(ProductSummary & Pick<ProductDetail, 'ageMin' | 'ageMax'>)[]> {
    if (questionTexts.length === 0) return []
    const rows = await this.summaries()
      .select(['p.age_min_years', 'p.age_min_days', 'p.age_max_years'])
      .where('p.campaign_only', '=', false)
      .where('p.channel', '=', 'direct')
      .where('p.category_code', '=', product.categoryCode)
      .where('p.id', '<>', product.id)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.health_questions) AS q
          WHERE q->>'text' IN (${sql.join(questionTexts.map((t) => sql`${t}`))}))`,
      )
      .orderBy('p.sales_count', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      ...toSummary(row),
      ageMin:
        row.age_min_days > 0
          ? { years: row.age_min_years, days: row.age_min_days }
          : { years: row.age_min_years },
      ageMax: row.age_max_years,
    }))
  }

  /** The cards of these products, in the order asked, leaving out ids that do not exist (other areas' links). */
  async summariesOf(ids: readonly string[]): Promise<ProductSummary[]> {
    if (ids.length === 0) return []
    const rows = await this.summaries()
      .where('p.id', 'in', [...ids])
      .execute()
    return ids.flatMap((id) => {
      const row = rows.find((r) => r.id === id)
      return row ? [toSummary(row)] : []
    })
  }

  async faqs(): Promise<Faq[]> {
    const rows = await this.db
      .selectFrom('faqs')
      .select(['question', 'answer'])
      .where('product_id', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute()
    const markdownTree = await markdownTrees()
    return rows.map((r) => ({ q: r.question, a: markdownTree(r.answer) }))
  }
}
