import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/columns'
import type { GiftTables } from './giftTables'

// The points tables (130_points.sql); the SQL is the truth.

export type Currency = 'point' | 'bean'

export interface PointAccountsTable {
  user_id: string
  currency: Currency
  usable: ColumnType<number, number | undefined, number>
  frozen: ColumnType<number, number | undefined, number>
}

export interface PointLedgerTable {
  id: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  currency: Currency
  kind: string
  amount: number
  usable_after: number
  frozen_after: number
  reference: string
  created_at: Timestamp
}

export interface SignInsTable {
  user_id: string
  /** A SQL date: written as YYYY-MM-DD, read back through to_char. */
  day: ColumnType<string, string, string>
  streak: number
  reward: number
  created_at: Timestamp
}

/** An earning year's points warned of (30 days ahead) or expired, once per user (137_reminders.sql). */
export interface PointExpiriesTable {
  user_id: string
  currency: Currency
  year: number
  kind: 'warned' | 'expired'
  amount: number
  created_at: Timestamp
}

export interface PointsTables extends GiftTables {
  point_accounts: PointAccountsTable
  point_expiries: PointExpiriesTable
  point_ledger: PointLedgerTable
  sign_ins: SignInsTable
}
