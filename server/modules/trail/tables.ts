import type { ColumnType } from 'kysely'
import type { TrailRecord, TrailRecordData, TrailSummary } from '../../../src/types/generated/api/trail'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'

// Tables of the sales trail (241_sales_trail.sql); the SQL is the truth.

export type SalesPageKind = 'product' | 'document' | 'purchase_texts'

export interface SalesPageVersionsTable {
  id: ColumnType<number, never, never>
  kind: SalesPageKind
  key: string
  version: number
  hash: string
  title: string
  content: Json<Record<string, unknown>>
  online_at: Timestamp
  offline_at: NullableTimestamp
}

export type TrailStage = TrailSummary['stage']

export interface SalesTrailsTable {
  id: string
  user_id: string
  phone: string
  product_id: string
  product_name: string
  channel: string
  application_id: ColumnType<string | null, string | null | undefined, string | null>
  partner_quote_id: ColumnType<string | null, string | null | undefined, string | null>
  order_id: ColumnType<string | null, string | null | undefined, string | null>
  order_no: ColumnType<string | null, string | null | undefined, string | null>
  policy_id: ColumnType<string | null, string | null | undefined, string | null>
  policy_no: ColumnType<string | null, string | null | undefined, string | null>
  stage: ColumnType<TrailStage, TrailStage | undefined, TrailStage>
  started_at: Timestamp
  last_at: Timestamp
  long_cover: ColumnType<boolean | null, boolean | null | undefined, boolean | null>
  contract_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  keep_until: ColumnType<Date | null, Date | null | undefined, Date | null>
  head_seq: ColumnType<number, number | undefined, number>
  head_hash: ColumnType<string, string | undefined, string>
}

export type TrailKind = TrailRecord['kind']

export interface SalesTrailRecordsTable {
  trail_id: string
  seq: number
  at: Timestamp
  client_at: NullableTimestamp
  source: 'server' | 'browser'
  kind: TrailKind
  data: Json<TrailRecordData>
  client_event_id: string | null
  prev_hash: string
  hash: string
}

export interface TrailTables {
  sales_page_versions: SalesPageVersionsTable
  sales_trails: SalesTrailsTable
  sales_trail_records: SalesTrailRecordsTable
}
