import type { ColumnType } from 'kysely'
import type {
  Order,
  OrderAddress,
  OrderHealth,
  OrderPerson,
  UnderwritingOutcome,
} from '../../../src/types/generated/api/order'
import type { Json, NullableJson, NullableTimestamp, Timestamp } from '../../db/columns'
import type { Flight } from '../../../src/domain/flight'
import type { Trip } from '../../../src/domain/trip'

// Tables of the purchase flow (100_purchase.sql); the SQL is the truth. The JSON columns hold what the API
// took or shows, so their types are the generated ones.

/** A policyholder or insured as submitted with the order. */
export type StoredPerson = OrderPerson
export type StoredAddress = OrderAddress
export type StoredConsent = Order['consents'][number]

/**
 * The answers as posted (with their 智能核保 follow-ups), the server's outcome and exclusions (216_health_underwriting;
 * absent on older orders and on those without the mall's health step: gifts, partner products), when they were
 * given and when the recording notice was acknowledged.
 */
export interface StoredHealth extends OrderHealth {
  outcome?: UnderwritingOutcome
  exclusions?: string[]
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
  /** 一键续保: the policy renewed and the day the new cover starts (the old one's end). */
  renews_policy_id: ColumnType<string | null, string | null | undefined, never>
  start_date: ColumnType<string | null, string | null | undefined, never>
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
  /** 241_sales_trail.sql: the document's version (server/modules/trail/versions.ts) and its text's SHA-256. */
  version: ColumnType<number | null, number | null | undefined, number | null>
  hash: ColumnType<string | null, string | null | undefined, string | null>
}

export interface HealthDeclarationsTable {
  id: ColumnType<number, never, never>
  application_id: string
  insured_relation: string
  answers: Json<StoredHealth['answers']>
  passed: boolean
  /** 216_health_underwriting.sql: the server's outcome; passed is outcome <> 'decline'. */
  outcome: UnderwritingOutcome
  exclusions: Json<string[]>
  answered_at: Timestamp
}

export type OrderStatusColumn = Order['status']
export type SourceColumn = Order['source']

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
  renews_policy_id: ColumnType<string | null, string | null | undefined, never>
  start_date: ColumnType<string | null, string | null | undefined, never>
  /** The air product's flight and the travel product's trip (224_partner_flight_trip.sql); null otherwise. */
  flight: NullableJson<Flight>
  trip: NullableJson<Trip>
}

export interface PurchaseTables {
  applications: ApplicationsTable
  application_documents: ApplicationDocumentsTable
  health_declarations: HealthDeclarationsTable
  orders: OrdersTable
}
