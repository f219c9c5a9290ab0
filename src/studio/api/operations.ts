// 活动运营 (campaign operations): guess results, winners with shipping and CSV, prize stock top-ups.
// Contract: schemas/api/campaignOps.schema.json.
import { API_BASE, studioBlob, studioRequest } from './client'
import type {
  GiftAddress,
  OpsCampaignList,
  OpsGuess,
  OpsPrize,
  OpsPrizeList,
  ShipRequest,
  Shipping,
  StockTopUp,
  WinnerList,
  WinnerQuery,
} from '../../types/generated/api/campaignOps'
import type { GuessResultEntered } from '../../types/generated/api/campaign'

export type {
  OpsCampaign,
  OpsGuess,
  OpsPrize,
  Winner,
  WinnerQuery,
} from '../../types/generated/api/campaignOps'

const campaign = (id: string) => `${API_BASE}/campaigns/${encodeURIComponent(id)}`
const gift = (id: string, giftId: string) => `${campaign(id)}/gifts/${encodeURIComponent(giftId)}`

/** The winners filter as a query string (empty members left out, fixed order: a stable SWR key). */
export function winnerSearch(query: WinnerQuery): string {
  const params = new URLSearchParams()
  for (const key of ['kind', 'status', 'phone'] as const) {
    const value = query[key]
    if (value) params.set(key, value)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export const operationsApi = {
  campaigns: () => studioRequest<OpsCampaignList>(`${API_BASE}/campaigns`),
  guess: (id: string) => studioRequest<OpsGuess>(`${campaign(id)}/guess`),
  enterResult: (id: string, itemId: string, optionId: string) =>
    studioRequest<GuessResultEntered>(`${campaign(id)}/guess/results`, {
      method: 'POST',
      body: { itemId, optionId },
    }),
  winners: (id: string, query: WinnerQuery) =>
    studioRequest<WinnerList>(`${campaign(id)}/winners${winnerSearch(query)}`),
  winnersCsv: (id: string, query: WinnerQuery) =>
    studioBlob(`${campaign(id)}/winners.csv${winnerSearch(query)}`),
  /** A prize's full delivery address (the server writes each view in the audit log). */
  address: (id: string, giftId: string) => studioRequest<GiftAddress>(`${gift(id, giftId)}/address`),
  ship: (id: string, giftId: string, input: ShipRequest) =>
    studioRequest<Shipping>(`${gift(id, giftId)}/ship`, { method: 'POST', body: input }),
  deliver: (id: string, giftId: string) =>
    studioRequest<Shipping>(`${gift(id, giftId)}/deliver`, { method: 'POST' }),
  prizes: (id: string) => studioRequest<OpsPrizeList>(`${campaign(id)}/prizes`),
  topUp: (id: string, prizeId: string, input: StockTopUp) =>
    studioRequest<OpsPrize>(`${campaign(id)}/prizes/${encodeURIComponent(prizeId)}/stock`, {
      method: 'POST',
      body: input,
    }),
}
