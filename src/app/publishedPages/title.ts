import { usePublishedPageTitle } from './api'
import { useFrameTitle } from './frameTitle'
import { PUBLISHED_PAGE_PATH, STUDIO_PREVIEW_PATH } from './routes'

/**
 * The title bar's text for a published page (its config's title, once loaded; on the server too, from the
 * same data) and for the studio's frame; undefined for every other route (its route title stands).
 */
export function usePublishedTitle(
  routePath: string | undefined,
  params: Readonly<Record<string, string | undefined>>,
  search: string,
): string | undefined {
  const published = routePath === PUBLISHED_PAGE_PATH
  const token = published ? new URLSearchParams(search).get('preview') : null
  const pageTitle = usePublishedPageTitle(published ? params.id : undefined, token)
  const frameTitle = useFrameTitle()
  if (published) return pageTitle
  return routePath === STUDIO_PREVIEW_PATH ? frameTitle : undefined
}
