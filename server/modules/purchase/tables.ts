import type { ColumnType, Kysely } from 'kysely'
import type { DB } from '../../db/schema'

// Table shapes of the purchase migrations (100_purchase.sql); the SQL is the truth.

type Timestamp = ColumnType<Date, Date, Date>
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>
type Json<T> = ColumnType<T, string, string>
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>

export interface StoredPerson {
  name: string
  certType: string
  certNo: string
  certTime: 0 | 1
  certStartDate: string
  certEndDate: string
  gender: string
  birthday: string
  relationType?: string
  hasSocialInsurance?: 'Y' | 'N'
  phone?: string
  email?: string
}

export interface StoredAddress {
  recipient: string
  phone: string
  region: string
  detail: string
}

export interface StoredConsent {
  document: string
  title: string
  openedAt: string
  confirmedAt: string
}

export interface StoredHealth {
  insuredRelation: string
  answers: { questionId: string; answer: 'yes' | 'no' }[]
  answeredAt: string
  recordingNoticeAt: string
}

export interface ApplicationsTable {
  id: string
  user_id: string
  product_id: string
  plan_code: string
  coverage_period: string
  payment_period: string
  recording_notice_at: Timestamp
  order_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
}

export interface ApplicationDocumentsTable {
  application_id: string
  document_id: string
  kind: 'notice' | 'clause'
  title: string
  sort: number
  opened_at: NullableTimestamp
  confirmed_at: NullableTimestamp
}

export interface HealthDeclarationsTable {
  id: ColumnType<number, never, never>
  application_id: string
  insured_relation: string
  answers: Json<StoredHealth['answers']>
  passed: boolean
  answered_at: Timestamp
}

export type OrderStatusColumn =
  'PENDING_PAYMENT' | 'PAID' | 'ISSUED' | 'CLOSED' | 'PAY_FAILED' | 'SURRENDERED'
export type SourceColumn = 'mall' | 'partner-api'

export interface OrdersTable {
  id: string
  order_no: string
  user_id: string
  application_id: string | null
  product_id: string
  product_name: string
  insurer_name: string
  plan_code: string
  plan_name: string
  coverage_period: string
  payment_period: string
  premium_fen: number
  displayed_premium_fen: number | null
  status: OrderStatusColumn
  holder: Json<StoredPerson>
  insured: Json<StoredPerson>
  address: NullableJson<StoredAddress>
  consents: Json<StoredConsent[]>
  health: Json<StoredHealth>
  cooling_off_days: number
  source: SourceColumn
  created_at: Timestamp
  expires_at: Timestamp
  paid_at: NullableTimestamp
  closed_at: NullableTimestamp
}

export type PaymentStatusColumn = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED' | 'REFUNDED'

export interface PaymentsTable {
  id: string
  order_id: string
  provider: string
  channel: 'wechat' | 'alipay' | 'bankcard'
  amount_fen: number
  status: PaymentStatusColumn
  qr_content: string
  pay_url: string
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: NullableTimestamp
}

export interface PaymentCallbacksTable {
  event_id: string
  payment_id: string
  refund_id: ColumnType<string | null, string | null | undefined, string | null>
  outcome: string
  payload: Json<unknown>
  received_at: Timestamp
}

export type RefundReasonColumn = 'ORDER_CLOSED' | 'ALREADY_PAID' | 'SURRENDER'
export type RefundStatusColumn = 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED'

export interface RefundsTable {
  id: string
  payment_id: string
  order_id: string
  amount_fen: number
  reason: RefundReasonColumn
  status: RefundStatusColumn
  provider_refund_id: ColumnType<string | null, string | null | undefined, string | null>
  failure: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  submitted_at: NullableTimestamp
  settled_at: NullableTimestamp
}

export interface PolicyCoverage {
  name: string
  amountFen: number
  description: string
}

export interface PoliciesTable {
  id: string
  policy_no: string
  order_id: string | null
  user_id: string
  source: SourceColumn
  product_id: string
  product_name: string
  insurer_name: string
  plan_name: string
  coverage_period: string
  payment_period: string
  premium_fen: number
  holder: Json<StoredPerson>
  insured: Json<StoredPerson>
  coverages: Json<PolicyCoverage[]>
  clauses: Json<{ id: string; title: string }[]>
  issued_at: Timestamp
  effective_at: Timestamp
  expires_at: NullableTimestamp
  cooling_off_ends_at: Timestamp
  surrendered_at: NullableTimestamp
  refund_fen: number | null
}

export type PurchaseTables = {
  applications: ApplicationsTable
  application_documents: ApplicationDocumentsTable
  health_declarations: HealthDeclarationsTable
  orders: OrdersTable
  payments: PaymentsTable
  payment_callbacks: PaymentCallbacksTable
  refunds: RefundsTable
  policies: PoliciesTable
}

export type PurchaseDB = DB & PurchaseTables

/** The app's database handle seen with the purchase tables too. */
export const withPurchaseTables = (db: Kysely<DB>): Kysely<PurchaseDB> => db.withTables<PurchaseTables>()
