import type { ColumnType } from 'kysely'
import type { Flight } from '../../../src/domain/flight'
import type { Trip } from '../../../src/domain/trip'
import type { Flow, PartnerStatus } from '../../../src/types/generated/api/partner'
import type { Json, NullableJson, NullableTimestamp, Timestamp } from '../../db/columns'
import type { StoredPerson } from '../purchase/tables'
import type { IssueDeadlineRule } from './deadlines'

// Tables of the partner-insurer flows (180_partners.sql); the SQL is the truth.

export type PartnerCode = 'huating'
export type PartnerOperation = 'quote' | 'underwrite' | 'issue' | 'query' | 'surrender' | 'cancel'
export type CallOutcome = 'ok' | 'rejected' | 'timeout' | 'unreachable' | 'malformed' | 'error'

export interface PartnerProductsTable {
  product_id: string
  partner: PartnerCode
  flow: Flow
  partner_product_type: string
  occupation_required: boolean
  holder_occupation_required: boolean
  refused_occupation_classes: Json<number[]>
  /** 220_partner_issue_deadlines.sql: how the issue deadline is reckoned (deadlines.ts). */
  issue_deadline: ColumnType<IssueDeadlineRule, IssueDeadlineRule | undefined, IssueDeadlineRule>
  issue_within_minutes: ColumnType<number, number | undefined, number>
}

/** A person as quoted: the order's shape plus the occupation code (certType normalized to ours). */
export interface QuotedPerson extends StoredPerson {
  occupation?: string
}

export interface PartnerQuotesTable {
  id: string
  user_id: string
  product_id: string
  partner: PartnerCode
  holder: Json<QuotedPerson>
  insured: Json<QuotedPerson>
  flight: NullableJson<Flight>
  /** 224_partner_flight_trip.sql */
  trip: NullableJson<Trip>
  charge_period_type: string
  premium_fen: number
  partner_quote_no: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
  /** Taken with the quote by its first application (228): every retry sends the same. */
  underwrite_request_id: ColumnType<string | null, string | null | undefined, string | null>
  /** The partner confirmed the underwriting withdrawn (or never made): an orphan no more. */
  underwriting_cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface PartnerOrdersTable {
  order_id: string
  partner: PartnerCode
  quote_id: string
  underwriting_no: string
  underwrite_request_id: string
  issue_request_id: string
  status: PartnerStatus
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: NullableTimestamp
  accepted_at: NullableTimestamp
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  partner_policy_no: ColumnType<string | null, string | null | undefined, string | null>
  policy_id: ColumnType<string | null, string | null | undefined, string | null>
  /** Set when the order starts issuing (deadlines.ts); past it the order is refunded, never issued. */
  issue_deadline_at: NullableTimestamp
  /** When the order was first seen ISSUING past its deadline (the alert partner_issue_overdue, once). */
  overdue_alerted_at: NullableTimestamp
  /** A re-priced premium the user agreed to (226), and when; null while not agreed or not re-priced. */
  premium_agreed_fen: ColumnType<number | null, number | null | undefined, number | null>
  premium_agreed_at: NullableTimestamp
  /** Closed unpaid: its underwriting is withdrawn at the partner and a late capture is refunded (228). */
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PartnerCallbacksTable {
  partner: PartnerCode
  event_id: string
  order_id: string | null
  event_type: string
  payload: Json<unknown>
  received_at: Timestamp
}

export interface PartnerCallsTable {
  id: ColumnType<string, never, never>
  partner: PartnerCode
  operation: PartnerOperation
  request_id: string
  order_id: string | null
  attempt: number
  request: Json<unknown>
  response: NullableJson<unknown>
  http_status: number | null
  outcome: CallOutcome
  error_code: string | null
  duration_ms: number
  created_at: Timestamp
}

export type PartnerSurrenderKind = 'SURRENDER' | 'VOID'
export type PartnerSurrenderStatus = 'REQUESTED' | 'DONE' | 'REJECTED'

/** A surrender asked of the partner, retried until it answers (222_partner_surrenders.sql). */
export interface PartnerSurrendersTable {
  request_id: string
  partner: PartnerCode
  partner_policy_no: string
  kind: PartnerSurrenderKind
  policy_id: string | null
  order_id: string | null
  reason: string | null
  status: PartnerSurrenderStatus
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: NullableTimestamp
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  partner_refund_fen: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
  updated_at: Timestamp
  done_at: NullableTimestamp
}

export interface PartnerTables {
  partner_products: PartnerProductsTable
  partner_quotes: PartnerQuotesTable
  partner_orders: PartnerOrdersTable
  partner_callbacks: PartnerCallbacksTable
  partner_calls: PartnerCallsTable
  partner_surrenders: PartnerSurrendersTable
}
