import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import { post } from '../../lib/request'
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
