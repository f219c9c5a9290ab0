// SWR hooks of the A/B test screens.
import useSWR from 'swr'
import type { StudioApiError } from '../api/client'
import {
  experimentKeys,
  experimentsApi,
  type ExperimentList,
  type ExperimentResults,
} from '../api/experiments'

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false }

export const useExperiments = (pageId: string) =>
  useSWR<ExperimentList, StudioApiError>(
    experimentKeys.list(pageId),
    () => experimentsApi.list(pageId),
    quiet,
  )

/** Refreshed every 60 s while the test runs (the rollup adds exposures about once a minute). */
export const useExperimentResults = (id: string | null, running: boolean) =>
  useSWR<ExperimentResults, StudioApiError>(
    id ? experimentKeys.results(id) : null,
    () => experimentsApi.results(id as string),
    { ...quiet, refreshInterval: running ? 60_000 : 0 },
  )
