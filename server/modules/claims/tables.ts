import type { ColumnType, Generated } from 'kysely'
import type { ClaimStatus, DocumentKind } from '../../../src/domain/claims'
import type { Json, Timestamp } from '../../db/columns'

// The claims tables (150_claims.sql); the SQL is the truth.

export interface ClaimsTable {
  id: string
  claim_no: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  policy_id: string
  type: string
  /** A SQL date: written as YYYY-MM-DD, read back through to_char. */
  event_date: ColumnType<string, string, string>
  place: string
  description: string
  amount_fen: number
  payee_name: string
  bank_name: string
  card_no: string
  status: ClaimStatus
  needed: Json<Partial<Record<DocumentKind, number>>>
  paid_fen: number | null
  decision: string | null
  /** The staff member who last moved it (244_service_cases.sql); the demo adjuster skips such claims. */
  handled_by: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ClaimStepsTable {
  id: Generated<number>
  claim_id: string
  status: ClaimStatus
  note: string
  created_at: Timestamp
}

export interface ClaimDocumentsTable {
  claim_id: string
  media_id: string
  kind: DocumentKind
  added_at: Timestamp
}

export interface ClaimTables {
  claims: ClaimsTable
  claim_steps: ClaimStepsTable
  claim_documents: ClaimDocumentsTable
}
