import type { ColumnType } from 'kysely'
import type { Policy } from '../../../src/types/generated/api/policy'
import type { Flight } from '../../../src/domain/flight'
import type { Trip } from '../../../src/domain/trip'
import type { Json, NullableJson, NullableTimestamp, Timestamp } from '../../db/columns'
import type { SourceColumn, StoredPerson } from '../purchase/tables'

// The policies table (100_purchase.sql); the SQL is the truth.

export type PolicyCoverage = Policy['coverages'][number]

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
  clauses: Json<Policy['clauses']>
  issued_at: Timestamp
  effective_at: Timestamp
  expires_at: NullableTimestamp
  cooling_off_ends_at: Timestamp
  surrendered_at: NullableTimestamp
  refund_fen: number | null
  /** Renew automatically when the cover ends (145_policy_lookup_renewal.sql); the demo charges nothing. */
  auto_renew: ColumnType<boolean, boolean | undefined, boolean>
  /** The partner's own policy number (180_partners.sql); null for policies we issue. */
  partner_policy_no: ColumnType<string | null, string | null | undefined, string | null>
  /** Why it was surrendered, as the user chose (210_surrender_reason.sql). */
  surrender_reason: ColumnType<string | null, string | null | undefined, string | null>
  /** 除外承保: what the underwriting excluded (219_policy_exclusions.sql). */
  exclusions: ColumnType<string[], string | undefined, string>
  /** The flight or trip the cover is for (224_partner_flight_trip.sql); null otherwise. */
  flight: NullableJson<Flight>
  trip: NullableJson<Trip>
}

/** A reminder sent before a policy's cover ends (137_reminders.sql). */
export interface PolicyExpiryNoticesTable {
  policy_id: string
  days_before: number
  created_at: Timestamp
}

export interface PolicyTables {
  policies: PoliciesTable
  policy_expiry_notices: PolicyExpiryNoticesTable
}
