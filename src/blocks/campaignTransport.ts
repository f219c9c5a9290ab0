import { createContext } from 'react'
import type {
  CampaignState,
  CollectResult,
  CouponList,
  DrawResult,
  EntryResult,
  FormCodeResponse,
  FormState,
  FormSubmission,
  GuessLeaderboard,
  GuessState,
  InviteCode,
} from '../types/generated/api/campaign'

/**
 * Where the campaign blocks' reads and actions go (src/features/campaigns/api.ts). A consumer's page has none and
 * asks the server; a preview (the studio's frame, a signed preview link) provides the page runtime's sandbox
 * (page-runtime/campaignSandbox.ts), which answers from the draft's own `campaigns` on a throwaway state, in the
 * same API types, so the blocks render unchanged and nothing reaches the server.
 */
export interface CampaignTransport {
  /** Tells this transport's cached answers apart from the server's (and from an earlier sandbox's). */
  readonly key: string
  campaign(id: string): Promise<CampaignState>
  form(id: string): Promise<FormState>
  leaderboard(id: string): Promise<GuessLeaderboard>
  coupons(id: string): Promise<CouponList>
  inviteCode(): Promise<InviteCode>
  draw(id: string): Promise<DrawResult>
  guess(id: string, picks: { itemId: string; optionId: string }[]): Promise<GuessState>
  collect(id: string): Promise<CollectResult>
  submitForm(id: string, collectsGift: boolean, body: FormSubmission): Promise<CollectResult | EntryResult>
  sendSmsCode(id: string, phone: string): Promise<FormCodeResponse>
}

/** The error code of a block whose campaign the page does not declare (a notice, nothing to retry). */
export const CAMPAIGN_NOT_DECLARED = 'CAMPAIGN_NOT_DECLARED'

/** The transport of the page being rendered; null: the server (every consumer page). */
export const CampaignTransportContext = createContext<CampaignTransport | null>(null)
