import { ANALYTICS_ID, folderPageTrackId } from '../../page-config/trackId'
import type { PageRef, TrackedPage } from './notes'

/**
 * A config page as events name it, from what its host knows (PageRef): a studio page's id, or a folder page's
 * (folderPageTrackId of its route); its version; the A/B test and variant of the answer's
 * `experiment: { id, variant }`, read defensively. Undefined when that makes no valid id.
 */
export function trackedPage(ref: PageRef): TrackedPage | undefined {
  const pageId = ref.route === undefined ? ref.pageId : folderPageTrackId(ref.route)
  if (!pageId || !ANALYTICS_ID.test(pageId)) return undefined
  const page: TrackedPage = { pageId }
  const { pageVersion, experiment } = ref
  if (typeof pageVersion === 'number' && Number.isInteger(pageVersion) && pageVersion >= 1)
    page.pageVersion = pageVersion
  if (experiment && typeof experiment === 'object') {
    const { id, variant } = experiment as { id?: unknown; variant?: unknown }
    if (
      typeof id === 'string' &&
      ANALYTICS_ID.test(id) &&
      typeof variant === 'string' &&
      /^[A-Z]$/.test(variant)
    ) {
      page.experimentId = id
      page.variant = variant
    }
  }
  return page
}
