import type { Coverage, ProductDetail } from '../../../src/types/generated/api/catalog'
import type { InsurerDisclosure } from '../../../src/types/generated/api/disclosure'
import type { ColumnType } from 'kysely'
import type { ProductRiskLevel } from '../../../src/domain/riskAssessment'
import type { Json } from '../../db/columns'

// Tables of the catalog (002_catalog.sql); the SQL is the truth.

export interface InsurersTable {
  code: string
  name: string
  short_name: string
  logo: string
  sort: number
}

/** 211_insurer_disclosures.sql: what the law asks a seller to disclose about an insurer. */
export interface InsurerDisclosuresTable {
  insurer_code: string
  licence_no: string
  credit_code: string
  registered_address: string
  hotline: string
  complaint_phone: string
  website: string
  solvency_quarter: string
  comprehensive_solvency_pct: number
  core_solvency_pct: number
  risk_rating: Rating
  service_rating_year: number
  service_rating: Rating
}

export type Rating = InsurerDisclosure['serviceRating']['grade']

export interface CategoriesTable {
  code: string
  name: string
  icon: string
  sort: number
}

export type HealthQuestionRow = ProductDetail['healthQuestions'][number]

export interface ProductsTable {
  id: string
  name: string
  tagline: string
  image: string
  category_code: string
  insurer_code: string
  tags: Json<string[]>
  description: string
  age_min_years: number
  age_min_days: number
  age_max_years: number
  waiting_period_days: number
  cooling_off_days: number
  needs_address: boolean
  health_questions: Json<HealthQuestionRow[]>
  notice: string
  coverage_periods: Json<string[]>
  payment_periods: Json<string[]>
  sales_count: number
  rating_tenths: number
  min_premium_fen: number
  sort: number
  /** 136_product_risk_level.sql: R1–R5 for investment-type products, null for ordinary insurance. */
  risk_level: ColumnType<
    ProductRiskLevel | null,
    ProductRiskLevel | null | undefined,
    ProductRiskLevel | null
  >
  /** 162_campaign_claims.sql: a gift product given only through a campaign (not listed, not sold). */
  campaign_only: ColumnType<boolean, boolean | undefined, boolean>
  /** 180_partners.sql: 'partner' when a partner insurer underwrites and issues through its API. */
  channel: ColumnType<'direct' | 'partner', 'direct' | 'partner' | undefined, 'direct' | 'partner'>
  /** 212_product_search.sql: what a search matches besides name and tagline (server/modules/catalog/search.ts). */
  search_terms: ColumnType<string, string | undefined, string>
}

export type CoverageRow = Coverage

export interface ProductPlansTable {
  product_id: string
  code: string
  name: string
  sort: number
  coverages: Json<CoverageRow[]>
}

export interface PremiumRatesTable {
  product_id: string
  plan_code: string
  age_min: number
  age_max: number
  gender: 'M' | 'F' | 'ANY'
  coverage_period: string
  payment_period: string
  social_insurance: 'Y' | 'N' | 'ANY'
  premium_fen: number
}

export interface ProductClausesTable {
  product_id: string
  id: string
  title: string
  markdown: string
  sort: number
}

export interface FaqsTable {
  id: string
  product_id: string | null
  question: string
  answer: string
  sort: number
}

export interface CatalogTables {
  insurers: InsurersTable
  insurer_disclosures: InsurerDisclosuresTable
  categories: CategoriesTable
  products: ProductsTable
  product_plans: ProductPlansTable
  premium_rates: PremiumRatesTable
  product_clauses: ProductClausesTable
  faqs: FaqsTable
}
