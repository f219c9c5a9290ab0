// SWR hooks of 在线客服 (their own keys: the desk's stream revalidates the lists, the menu's badge reads the
// waiting list's count).
import useSWR, { useSWRConfig } from 'swr'
import { useCallback } from 'react'
import type { StudioApiError } from '../api/client'
import { deskApi, type DeskAgents, type DeskList, type DeskQueue } from '../api/desk'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }
/** Without the stream (another screen), the menu's count is refreshed this often. */
const BADGE_REFRESH_MS = 30_000

const listKey = (queue: DeskQueue) => ['studio', 'desk', 'list', queue] as const
const isListKey = (key: unknown) => Array.isArray(key) && key[1] === 'desk' && key[2] === 'list'

export const useDeskList = (queue: DeskQueue) =>
  useSWR<DeskList, StudioApiError>(listKey(queue), () => deskApi.list(queue), {
    ...quiet,
    keepPreviousData: true,
  })

/** How many conversations wait (排队与留言), for the menu's badge; undefined while unknown. */
export function useWaitingCount(enabled: boolean): number | undefined {
  const { data } = useSWR<DeskList, StudioApiError>(
    enabled ? listKey('waiting') : null,
    () => deskApi.list('waiting'),
    { ...quiet, refreshInterval: BADGE_REFRESH_MS },
  )
  return data?.waiting
}

/** Revalidates every list of the desk (and so the badge). */
export function useRefreshLists(): () => void {
  const { mutate } = useSWRConfig()
  return useCallback(() => void mutate(isListKey), [mutate])
}

export const useDeskAgents = (enabled: boolean) =>
  useSWR<DeskAgents, StudioApiError>(
    enabled ? ['studio', 'desk', 'agents'] : null,
    () => deskApi.agents(),
    quiet,
  )
