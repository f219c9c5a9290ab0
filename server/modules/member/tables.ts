import type { Generated } from 'kysely'
import type { Timestamp } from '../../db/columns'

// The member area's tables (138_account_lifecycle.sql); the SQL is the truth. Its columns on users
// (deletion_requested_at, deleted_at) are declared with the users table (auth/tables.ts).

export interface ConsentWithdrawalsTable {
  id: Generated<number>
  user_id: string
  withdrawn_at: Timestamp
}

export interface MemberTables {
  consent_withdrawals: ConsentWithdrawalsTable
}
