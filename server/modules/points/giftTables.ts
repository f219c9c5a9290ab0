import type { ColumnType } from 'kysely'
import type { NullableJson, NullableTimestamp, Timestamp } from '../../db/columns'
import type { Currency } from './tables'

// The points mall's tables (132_gifts.sql); the SQL is the truth.

export type GiftKind = 'virtual' | 'physical'
export type ExchangeStatus = 'AWAITING_ADDRESS' | 'FULFILLED' | 'CANCELLED'

export interface ShippingAddress {
  name: string
  phone: string
  address: string
}

export interface GiftsTable {
  id: string
  name: string
  kind: GiftKind
  currency: Currency
  price: number
  stock: number
  per_user_limit: number
  image: string
  description: string
  valid_until: NullableTimestamp
  /** How many days an exchanged code is valid (a virtual gift); null: no end. */
  code_valid_days: ColumnType<number | null, number | null | undefined, number | null>
  sort: ColumnType<number, number | undefined, number>
}

export interface GiftExchangesTable {
  id: string
  seq: ColumnType<string, never, never>
  user_id: string
  gift_id: string
  gift_name: string
  kind: GiftKind
  currency: Currency
  price: number
  status: ExchangeStatus
  code: string | null
  /** When the code expires (created_at + the gift's code_valid_days). */
  code_valid_to: NullableTimestamp
  address: NullableJson<ShippingAddress>
  created_at: Timestamp
  fulfilled_at: NullableTimestamp
  cancelled_at: NullableTimestamp
}

export interface GiftTables {
  gifts: GiftsTable
  gift_exchanges: GiftExchangesTable
}
