import type { ColumnType } from 'kysely'
import type { FieldValue } from '../../../../src/domain/campaignForms'
import type { Json, NullableJson, NullableTimestamp, Timestamp } from '../../../db/columns'

// The tables of coupons, physical prizes and campaign entries (162_campaign_claims.sql); the SQL is the truth.

export type RewardSource = 'draw' | 'claim'

export interface CouponsTable {
  id: string
  code: string
  user_id: string
  campaign_id: string
  prize_id: string
  name: string
  benefit: string
  source_kind: RewardSource
  source_id: string
  valid_from: Timestamp
  valid_to: Timestamp
  used_at: NullableTimestamp
  created_at: Timestamp
}

/** A delivery address of a physical prize. */
export interface PrizeAddress {
  name: string
  phone: string
  region: string
  detail: string
}

export interface CampaignGiftsTable {
  id: string
  user_id: string
  campaign_id: string
  prize_id: string
  name: string
  description: string
  source_kind: RewardSource
  source_id: string
  address: NullableJson<PrizeAddress>
  address_at: NullableTimestamp
  created_at: Timestamp
}

export interface CampaignEntriesTable {
  id: string
  campaign_id: string
  user_id: string
  seq: number
  day: string
  fields: Json<Record<string, FieldValue>>
  person_key: string | null
  order_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
}

export interface GiftTables {
  coupons: CouponsTable
  campaign_gifts: CampaignGiftsTable
  campaign_entries: CampaignEntriesTable
}
