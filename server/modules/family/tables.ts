import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/columns'

// The family members table (110_family_members.sql); the SQL is the truth.

export interface FamilyMembersTable {
  id: string
  user_id: string
  name: string
  relation: string
  cert_type: string
  cert_no: string
  /** A SQL date: written as YYYY-MM-DD, read back through to_char (drivers would turn it into a local Date). */
  birthday: ColumnType<string, string, string>
  gender: string
  phone: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FamilyTables {
  family_members: FamilyMembersTable
}
