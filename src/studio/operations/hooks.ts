// SWR hooks of the campaign operations screens (their own keys).
import useSWR from 'swr'
import type { StudioApiError } from '../api/client'
import { operationsApi, winnerSearch, type WinnerQuery } from '../api/operations'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }

export const useOpsCampaigns = () =>
  useSWR(['studio', 'ops', 'campaigns'], () => operationsApi.campaigns(), quiet)

export const useOpsGuess = (id: string | null) =>
  useSWR(id ? ['studio', 'ops', 'guess', id] : null, () => operationsApi.guess(id as string), quiet)

export const useWinners = (id: string, query: WinnerQuery) =>
  useSWR<Awaited<ReturnType<typeof operationsApi.winners>>, StudioApiError>(
    ['studio', 'ops', 'winners', id, winnerSearch(query)],
    () => operationsApi.winners(id, query),
    { ...quiet, keepPreviousData: true },
  )

export const usePrizes = (id: string) =>
  useSWR(['studio', 'ops', 'prizes', id], () => operationsApi.prizes(id), quiet)
