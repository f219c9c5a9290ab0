import type { DataLoad } from '../../types/route'
import { useContext } from 'react'
import useSWR from 'swr'
import { CampaignTransportContext, type CampaignTransport } from '../../blocks/campaignTransport'
import { IDEMPOTENCY_HEADER, post, put, swrFetcher, withIdempotencyKey } from '../../lib/request'
import type {
  CampaignState,
  CollectResult,
  Coupon,
  CouponList,
  DrawResult,
  EntryResult,
  FormCodeResponse,
  FormState,
  FormSubmission,
  GuessLeaderboard,
  GuessState,
  InviteCode,
  Prize,
  PrizeAddress,
  PrizeList,
  TrialRecorded,
} from '../../types/generated/api/campaign'

// The campaigns of config pages (schemas/api/campaign.schema.json): a campaign's state, its draws, guesses, forms
// and 领取 (coupons, gifts), 我的券 and 我的奖品. Every answer is the session's user's own. The blocks pass
// swrFetcher themselves: a config page in the light shell has no app-wide SWR configuration. In a preview the page
// runtime provides a sandbox transport (blocks/campaignTransport.ts): then the same hooks and actions answer from
// the draft's own campaigns and never ask the server.

export type {
  CollectResult,
  Coupon,
  CouponList,
  Prize,
  PrizeAddress,
} from '../../types/generated/api/campaign'

export const couponsKey = '/api/coupons'
export const prizesKey = '/api/prizes'
/** A campaign's path, also the SWR key of its state (useCampaign). */
export const campaignPath = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`

export const useCoupons = () => useSWR<CouponList>(couponsKey)
export const usePrizes = () => useSWR<PrizeList>(prizesKey)

interface CampaignRead<T> {
  /** The server's path (and SWR key). */
  path: string
  /** The same answer from a preview's sandbox. */
  sandboxed: (sandbox: CampaignTransport) => Promise<T>
}

/**
 * One read of a campaign block (null: not asked): from the server, or from the page's sandbox, whose previous
 * answer stays on screen while it answers again after an edit of the preview (no flash).
 */
function useCampaignRead<T>(read: CampaignRead<T> | null) {
  const sandbox = useContext(CampaignTransportContext)
  const server = useSWR<T>(sandbox ? null : (read?.path ?? null), swrFetcher)
  const sandboxed = useSWR<T>(
    sandbox && read ? [sandbox.key, read.path] : null,
    () => (sandbox && read ? read.sandboxed(sandbox) : Promise.reject(new Error('not asked'))),
    { keepPreviousData: true },
  )
  return sandbox ? sandboxed : server
}

/** A campaign's state for this user (null: not asked, e.g. while prerendered or when the id is not valid). */
export const useCampaign = (id: string | null) =>
  useCampaignRead<CampaignState>(
    id === null ? null : { path: campaignPath(id), sandboxed: (s) => s.campaign(id) },
  )

/** A campaign block's loader (BlockLoader): the campaign's state as the server renders it. */
export const loadCampaign = (id: string, load: DataLoad) => load<CampaignState>(campaignPath(id))

/** A form or gift campaign's fields, chances and my entries. */
export const useCampaignForm = (id: string | null) =>
  useCampaignRead<FormState>(
    id === null ? null : { path: `${campaignPath(id)}/form`, sandboxed: (s) => s.form(id) },
  )

/** A guessing campaign's leaderboard's path (and SWR key). */
export const leaderboardPath = (id: string) => `${campaignPath(id)}/leaderboard`

/** A guessing campaign's leaderboard. */
export const useGuessLeaderboard = (id: string | null) =>
  useCampaignRead<GuessLeaderboard>(
    id === null ? null : { path: leaderboardPath(id), sandboxed: (s) => s.leaderboard(id) },
  )

/** My coupons of one campaign's path (and SWR key). */
export const campaignCouponsPath = (id: string) => `${couponsKey}?campaignId=${encodeURIComponent(id)}`

/** My coupons of one campaign (null: not asked). */
export const useCampaignCoupons = (id: string | null) =>
  useCampaignRead<CouponList>(
    id === null ? null : { path: campaignCouponsPath(id), sandboxed: (s) => s.coupons(id) },
  )

/** My invite code, for the share poster (asked only when `ask`; a preview's is a sample). */
export const useInviteCode = (ask: boolean) =>
  useCampaignRead<InviteCode>(ask ? { path: '/api/me/invite-code', sandboxed: (s) => s.inviteCode() } : null)

// Each action is sent once with an Idempotency-Key: a double tap or a retry after a lost answer is one action.

/** One lottery draw. */
export const drawLottery = (id: string) =>
  withIdempotencyKey(`draw:${id}`, (key) =>
    post<DrawResult>(`${campaignPath(id)}/draws`, undefined, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

/** Saves my changed picks of a guessing campaign; answers the guess as it now stands. */
export const submitGuess = (id: string, picks: { itemId: string; optionId: string }[]) =>
  withIdempotencyKey(`guess:${id}`, (key) =>
    post<GuessState>(`${campaignPath(id)}/entries`, { picks }, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

/**
 * A premium trial (保费试算) made on a product page: campaigns that count one as taking part (the 试算有礼 lottery's
 * "used the calculator") record it, once a day. A visitor's is refused (401) and counts for nothing.
 */
export const recordTrial = () => post<TrialRecorded>('/api/campaigns/trials')

/** Collects (领取) a coupon campaign's coupon. */
export const collectCoupon = (id: string) =>
  withIdempotencyKey(`claim:${id}`, (key) =>
    post<CollectResult>(`${campaignPath(id)}/claims`, {}, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

/** Sends a form: a gift campaign's form collects (领取) its gift policy, any other form is an entry. */
export const submitCampaignForm = (id: string, collectsGift: boolean, body: FormSubmission) =>
  withIdempotencyKey(`form:${id}`, (key) =>
    post<CollectResult | EntryResult>(`${campaignPath(id)}/${collectsGift ? 'claims' : 'entries'}`, body, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  )

/** The SMS code that proves a form's phone number. */
export const sendFormSmsCode = (id: string, phone: string) =>
  post<FormCodeResponse>(`${campaignPath(id)}/sms-code`, { phone })

/** Uses a coupon once (shown at the counter); a double tap is one use. */
export const redeemCoupon = (id: string) =>
  withIdempotencyKey(`coupon-use:${id}`, (key) =>
    post<Coupon>(`${couponsKey}/${encodeURIComponent(id)}/use`, undefined, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  )

/** The delivery address of a physical prize (once). */
export const givePrizeAddress = (id: string, address: PrizeAddress) =>
  put<Prize>(`${prizesKey}/${encodeURIComponent(id)}/address`, address)

/** The server's campaign actions (what a consumer's page sends). */
const serverActions = {
  draw: drawLottery,
  guess: submitGuess,
  collect: collectCoupon,
  submitForm: submitCampaignForm,
  sendSmsCode: sendFormSmsCode,
}

export type CampaignActions = typeof serverActions

/** The campaign actions of the page being rendered: the server's, or in a preview its sandbox's. */
export function useCampaignActions(): CampaignActions {
  return useContext(CampaignTransportContext) ?? serverActions
}
