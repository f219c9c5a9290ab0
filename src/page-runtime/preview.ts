import { fetchHealth } from './api'
import { LIFECYCLE_PHASES, type LifecyclePhase } from '../page-config/schedule'

// Outside production, ?phase= and ?now= let staff preview any phase or moment of a campaign.

export interface PreviewRequest {
  phase?: LifecyclePhase
  nowMs?: number
}

export function readPreview(query: URLSearchParams): PreviewRequest | null {
  const phase = query.get('phase')
  const now = query.get('now')
  const request: PreviewRequest = {}
  if (phase && (LIFECYCLE_PHASES as readonly string[]).includes(phase))
    request.phase = phase as LifecyclePhase
  if (now && !Number.isNaN(Date.parse(now))) request.nowMs = Date.parse(now)
  return request.phase || request.nowMs !== undefined ? request : null
}

let allowedPromise: Promise<boolean> | null = null

/** Preview is allowed unless the server (or, if it cannot be asked, the build) says production. */
export function previewAllowed(): Promise<boolean> {
  const buildAllows = import.meta.env.VITE_PRODUCTION !== 'true'
  allowedPromise ??= fetchHealth()
    .then((health) => (health.mode ? health.mode !== 'production' : buildAllows))
    .catch(() => buildAllows)
  return allowedPromise
}
