import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/columns'

// Tables of users, their agreements and SMS codes (001_users_and_sessions.sql); the SQL is the truth.

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
  /** Account deletion (138_account_lifecycle.sql): requested, and carried out after the cooling period. */
  deletion_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface UserAgreementsTable {
  id: Generated<number>
  user_id: string
  agreement: string
  version: string
  accepted_at: Timestamp
}

export interface SmsCodesTable {
  /** "login", or "lookup:<policy id>" (145_policy_lookup_renewal.sql). */
  purpose: ColumnType<string, string | undefined, string>
  phone: string
  code_hash: string
  sent_at: Timestamp
  expires_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface SmsOutboxTable {
  id: Generated<number>
  phone: string
  message: string
  code: string
  created_at: Timestamp
}

export interface AuthTables {
  users: UsersTable
  user_agreements: UserAgreementsTable
  sms_codes: SmsCodesTable
  sms_outbox: SmsOutboxTable
}
