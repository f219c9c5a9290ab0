import type { ColumnType, Generated } from 'kysely'
import type { Campaign, CampaignReward } from '../../../src/types/generated/page'
import type { Json, Timestamp } from '../../db/columns'

// The campaign tables (160_campaigns.sql, 195_publishing_model.sql); the SQL is the truth.

export interface CampaignsTable {
  id: string
  kind: Campaign['kind']
  title: string
  file: string
  definition: Json<Campaign>
  starts_at: Timestamp
  ends_at: Timestamp
  seed: string
  seed_hash: string
  registered_at: Timestamp
  updated_at: Timestamp
  /** The studio page that declares it (null: a folder config) and the version whose rules are registered. */
  page_id: ColumnType<string | null, string | null | undefined, string | null>
  page_version: ColumnType<number | null, number | null | undefined, number | null>
}

export interface CampaignPrizesTable {
  campaign_id: string
  prize_id: string
  sort: number
  name: string
  weight: number
  stock: number | null
  daily_cap: number | null
  reward: Json<CampaignReward>
  awarded: ColumnType<number, number | undefined, number>
  /** Stock added in the studio (245_campaign_operations.sql), kept when the config is registered again. */
  stock_added: ColumnType<number, number | undefined, number>
}

export interface CampaignPrizeDaysTable {
  campaign_id: string
  prize_id: string
  day: string
  awarded: number
}

export interface CampaignChancesTable {
  campaign_id: string
  user_id: string
  used: number
  day: string
  used_today: number
}

export interface CampaignDrawsTable {
  id: string
  campaign_id: string
  user_id: string
  seq: number
  prize_id: string | null
  available: Json<{ id: string; weight: number }[]>
  created_at: Timestamp
}

export interface CampaignAuditTable {
  id: Generated<string>
  campaign_id: string
  actor: string
  action: string
  detail: Json<Record<string, unknown>>
  at: Timestamp
}

export interface CampaignTables {
  campaigns: CampaignsTable
  campaign_prizes: CampaignPrizesTable
  campaign_prize_days: CampaignPrizeDaysTable
  campaign_chances: CampaignChancesTable
  campaign_draws: CampaignDrawsTable
  campaign_audit: CampaignAuditTable
}
