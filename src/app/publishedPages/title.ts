import useSWR from 'swr'
import { useFrameTitle } from './frameTitle'
import { publishedPageKey, type PublishedPageResult } from './pageKey'
import { PUBLISHED_PAGE_PATH, STUDIO_PREVIEW_PATH } from './routes'

const NEVER_FETCH = {
  revalidateOnMount: false,
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
} as const

/** The title of a published page from the screen's data (no fetcher: the screen's hook loads it). */
function pageTitle(data: PublishedPageResult | undefined): string | undefined {
  if (data?.kind === 'not-found') return '页面不存在'
  if (data?.kind === 'preview-refused') return '页面预览'
  if (data?.kind !== 'page' && data?.kind !== 'preview') return undefined
  const title = data.page.config.title
  return typeof title === 'string' && title ? title : undefined
}

/**
 * The title bar's text for a published page (its config's title, once loaded; on the server too, from the
 * same data) and for the studio's frame; undefined for every other route (its route title stands).
 */
export function usePublishedTitle(
  routePath: string | undefined,
  params: Readonly<Record<string, string | undefined>>,
  search: string,
): string | undefined {
  const published = routePath === PUBLISHED_PAGE_PATH && params.id !== undefined
  const token = published ? new URLSearchParams(search).get('preview') : null
  // Reads the cache the screen's usePublishedPage fills (same key), never fetches itself: the layout may mount
  // before the screen does (its chunk still loading), and a fetch of its own would take the app's default
  // fetcher, which knows nothing of this key.
  const { data } = useSWR<PublishedPageResult>(
    published && params.id ? publishedPageKey(params.id, token) : null,
    null,
    NEVER_FETCH,
  )
  const frameTitle = useFrameTitle()
  if (published) return pageTitle(data)
  return routePath === STUDIO_PREVIEW_PATH ? frameTitle : undefined
}
