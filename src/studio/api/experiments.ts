// A/B tests of a published page (contract: schemas/api/experiments.schema.json): the page's tests, a new draft
// test, starting, stopping, promoting the winner, the results; and saving the draft as a version to test.
import { API_BASE, studioRequest } from './client'
import type {
  CreateExperiment,
  Experiment,
  ExperimentDeleted,
  ExperimentList,
  ExperimentResults,
  SavedVersion,
  VariantKey,
} from '../../types/generated/api/experiments'

export type {
  CreateExperiment,
  Experiment,
  ExperimentGoal,
  ExperimentList,
  ExperimentResults,
  ExperimentStatus,
  ExperimentVariant,
  SavedVersion,
  VariantKey,
  VariantResult,
} from '../../types/generated/api/experiments'

const pagePath = (pageId: string) => `${API_BASE}/pages/${encodeURIComponent(pageId)}`
const testPath = (id: string) => `${API_BASE}/experiments/${encodeURIComponent(id)}`

export const experimentsApi = {
  list: (pageId: string) => studioRequest<ExperimentList>(`${pagePath(pageId)}/experiments`),
  create: (pageId: string, input: CreateExperiment) =>
    studioRequest<Experiment>(`${pagePath(pageId)}/experiments`, { method: 'POST', body: input }),
  results: (id: string) => studioRequest<ExperimentResults>(testPath(id)),
  start: (id: string) => studioRequest<Experiment>(`${testPath(id)}/start`, { method: 'POST' }),
  stop: (id: string) => studioRequest<Experiment>(`${testPath(id)}/stop`, { method: 'POST' }),
  promote: (id: string, variant: VariantKey) =>
    studioRequest<Experiment>(`${testPath(id)}/promote`, { method: 'POST', body: { variant } }),
  remove: (id: string) => studioRequest<ExperimentDeleted>(testPath(id), { method: 'DELETE' }),
  /** 存为新版本: the saved draft (revision) as a version that is not published. */
  saveVersion: (pageId: string, revision: number) =>
    studioRequest<SavedVersion>(`${pagePath(pageId)}/versions`, { method: 'POST', body: { revision } }),
}

/** SWR keys of the A/B test screens. */
export const experimentKeys = {
  list: (pageId: string) => ['studio', 'experiments', pageId] as const,
  results: (id: string) => ['studio', 'experiment', id] as const,
}
