import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type { AddressInput, Exchange, ExchangeList, Gift, GiftList } from '../../types/generated/api/gift'
import type { LedgerPage, PointsSummary, SignInResult, SignInStatus } from '../../types/generated/api/points'

// Daily sign-in and points (schemas/api/points.schema.json). Every answer is the session's user's own.

export type {
  LedgerEntry,
  LedgerPage,
  PointsSummary,
  SignInResult,
  SignInStatus,
} from '../../types/generated/api/points'

export const signInKey = (month?: string) => ['/api/sign-in', month ? { month } : {}] as const
export const pointsKey = '/api/points'
export const ledgerKey = (direction: string | undefined, cursor?: string) =>
  ['/api/points/ledger', { ...(direction ? { direction } : {}), ...(cursor ? { cursor } : {}) }] as const

export const signInToday = () => post<SignInResult>('/api/sign-in')

export type { AddressInput, Exchange, Gift } from '../../types/generated/api/gift'

export const giftsKey = '/api/gifts'
export const giftKey = (name: string) => `/api/gifts/by-name/${encodeURIComponent(name)}`
export const exchangesKey = '/api/exchanges'
export const exchangeKey = (id: string) => `/api/exchanges/${encodeURIComponent(id)}`

/** One exchange per tap: a double tap or a retry after a lost answer gets the same exchange back. */
export const exchangeGift = (giftId: string) =>
  withIdempotencyKey(`exchange:${giftId}`, (key) =>
    post<Exchange>(`/api/gifts/${encodeURIComponent(giftId)}/exchange`, undefined, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  )
export const shipExchange = (id: string, address: AddressInput) =>
  post<Exchange>(`${exchangeKey(id)}/address`, address)
export const cancelExchange = (id: string) => post<Exchange>(`${exchangeKey(id)}/cancel`)

export function useGifts() {
  return useSWR<GiftList>(giftsKey)
}
export function useGift(name: string | undefined) {
  return useSWR<Gift>(name ? giftKey(name) : null)
}
export function useExchanges(enabled = true) {
  return useSWR<ExchangeList>(enabled ? exchangesKey : null)
}
export function useExchange(id: string | undefined) {
  return useSWR<Exchange>(id ? exchangeKey(id) : null)
}

/** The month's calendar (default: this month) and the streak. `enabled`: false while logged out. */
export function useSignInStatus(month: string | undefined, enabled = true) {
  return useSWR<SignInStatus>(enabled ? signInKey(month) : null)
}

export function usePointsSummary(enabled = true) {
  return useSWR<PointsSummary>(enabled ? pointsKey : null)
}

/** The ledger newest first, page by page (each page's nextCursor asks for the next). */
export function usePointsLedger(direction: 'earn' | 'spend' | undefined) {
  const swr = useSWRInfinite<LedgerPage>(
    (index, previous: LedgerPage | null) => {
      if (index === 0) return ledgerKey(direction)
      if (!previous?.nextCursor) return null
      return ledgerKey(direction, previous.nextCursor)
    },
    { revalidateFirstPage: false },
  )
  const pages = swr.data ?? []
  const items = pages.flatMap((page) => page.items)
  const hasMore = pages.length > 0 && pages[pages.length - 1].nextCursor !== null
  return { ...swr, items, hasMore }
}
