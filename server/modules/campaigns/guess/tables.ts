import type { CampaignReward } from '../../../../src/types/generated/page'
import type { Json, NullableTimestamp, Timestamp } from '../../../db/columns'

// The guessing game's tables and the invite codes (161_campaign_guess.sql); the SQL is the truth.

export interface GuessOption {
  id: string
  label: string
}

export interface CampaignGuessItemsTable {
  campaign_id: string
  item_id: string
  sort: number
  title: string
  stage: string | null
  kickoff_at: NullableTimestamp
  lock_at: Timestamp
  options: Json<GuessOption[]>
  result_option_id: string | null
  result_at: NullableTimestamp
}

export interface CampaignGuessPicksTable {
  campaign_id: string
  item_id: string
  user_id: string
  option_id: string
  created_at: Timestamp
  picked_at: Timestamp
}

export interface CampaignGuessRewardsTable {
  id: string
  campaign_id: string
  item_id: string
  user_id: string
  reward: Json<CampaignReward>
  created_at: Timestamp
}

export interface UserInviteCodesTable {
  user_id: string
  code: string
  created_at: Timestamp
}

export interface GuessTables {
  campaign_guess_items: CampaignGuessItemsTable
  campaign_guess_picks: CampaignGuessPicksTable
  campaign_guess_rewards: CampaignGuessRewardsTable
  user_invite_codes: UserInviteCodesTable
}
