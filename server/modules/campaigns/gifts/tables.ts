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
  /** Who redeemed it (245_campaign_operations.sql): a partner and its store; null when used in the app. */
  used_partner_id: ColumnType<string | null, string | null | undefined, string | null>
  used_place: ColumnType<string | null, string | null | undefined, string | null>
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
  shipping_status: ColumnType<ShippingStatus, ShippingStatus | undefined, ShippingStatus>
  carrier: ColumnType<string | null, string | null | undefined, string | null>
  tracking_no: ColumnType<string | null, string | null | undefined, string | null>
  shipped_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export type ShippingStatus = 'pending' | 'shipped' | 'delivered'

/** A partner that redeems coupons with its own HMAC secret (245_campaign_operations.sql). */
export interface CouponPartnersTable {
  id: string
  name: string
  secret: string
  previous_secret: string | null
  active: ColumnType<boolean, boolean | undefined, boolean>
  created_at: Timestamp
}

/** A partner's redemption by its request id, with the first answer kept for replays. */
export interface CouponRedemptionsTable {
  partner_id: string
  request_id: string
  body_hash: string
  coupon_id: string
  answer: Json<Record<string, unknown>>
  at: Timestamp
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
  coupon_partners: CouponPartnersTable
  coupon_redemptions: CouponRedemptionsTable
}
