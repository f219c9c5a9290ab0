import type { ColumnType, Generated } from 'kysely'

// Table shapes for kysely; the SQL in migrations/ is the truth, keep these in step with it.

type Timestamp = ColumnType<Date, Date, Date>
/** jsonb: read as parsed JSON, written as a JSON string (pg would turn JS arrays into PG arrays). */
type Json<T> = ColumnType<T, string, string>

export interface UsersTable {
  id: string
  phone: string
  nickname: string
  avatar: string | null
  real_name: string | null
  id_number: string | null
  real_name_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface UserAgreementsTable {
  id: Generated<number>
  user_id: string
  agreement: string
  version: string
  accepted_at: Timestamp
}

export interface SessionsTable {
  id_hash: string
  user_id: string
  created_at: Timestamp
  expires_at: Timestamp
  last_seen_at: Timestamp
}

export interface SmsCodesTable {
  phone: string
  code_hash: string
  sent_at: Timestamp
  expires_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface RateLimitHitsTable {
  bucket: string
  window_start: Timestamp
  hits: number
}

export interface IdempotencyKeysTable {
  user_id: string
  key: string
  request_hash: string
  status_code: number | null
  response: string | null
  created_at: Timestamp
}

export interface SmsOutboxTable {
  id: Generated<number>
  phone: string
  message: string
  code: string
  created_at: Timestamp
}

export interface InsurersTable {
  code: string
  name: string
  short_name: string
  logo: string
  sort: number
}

export interface CategoriesTable {
  code: string
  name: string
  icon: string
  sort: number
}

export interface HealthQuestionRow {
  id: string
  text: string
}

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
}

export interface CoverageRow {
  name: string
  amountFen: number
  description: string
}

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

export interface ArticlesTable {
  id: string
  title: string
  summary: string
  cover: string
  category: string
  body: string
  published_at: Timestamp
}

export interface AppMetaTable {
  key: string
  value: string
}

export interface SchemaMigrationsTable {
  name: string
  applied_at: Timestamp
}

export interface DB {
  users: UsersTable
  user_agreements: UserAgreementsTable
  sessions: SessionsTable
  sms_codes: SmsCodesTable
  rate_limit_hits: RateLimitHitsTable
  idempotency_keys: IdempotencyKeysTable
  sms_outbox: SmsOutboxTable
  insurers: InsurersTable
  categories: CategoriesTable
  products: ProductsTable
  product_plans: ProductPlansTable
  premium_rates: PremiumRatesTable
  product_clauses: ProductClausesTable
  faqs: FaqsTable
  articles: ArticlesTable
  app_meta: AppMetaTable
  schema_migrations: SchemaMigrationsTable
}
