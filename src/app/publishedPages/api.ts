import useSWR from 'swr'
import { preloadBlocks } from '../../blocks/registry'
import { get, HttpError, apiErrorOf } from '../../lib/request'
import { blockTypesShownAt } from '../../page-runtime/preparePage'
import { pageWithoutForeignImages } from '../../page-config/foreignImages'
import type { PageConfig } from '../../types/generated/page'
import {
  publishedPageKey,
  type OfflinePage,
  type PageKey,
  type PagePreview,
  type PublishedPage,
  type PublishedPageResult,
} from './pageKey'

// GET /api/pages/{id} and its preview (the contract of issue 15, schemas/api of the pages module).

export type { PagePreview, PublishedPage, PublishedPageResult } from './pageKey'

/** A published page's path in the pages API (its preview is `${path}/preview`). */
export const publishedPagePath = (id: string) => `/api/pages/${encodeURIComponent(id)}`

/**
 * The page (its config at the current schema: the API migrated it; images from elsewhere dropped), once the
 * blocks it shows now are in: its first paint has them (no suspending).
 */
async function withBlocks<Page extends { config: PageConfig }>(page: Page): Promise<Page> {
  const config = pageWithoutForeignImages(page.config)
  if (Array.isArray(config.blocks)) await preloadBlocks(blockTypesShownAt(config, Date.now()))
  return { ...page, config }
}

/**
 * The page (or its draft) as a result the screen renders, also on the server: a 404 and a refused preview are
 * answers, not errors (an error is a network or server failure, shown with 重试).
 */
export async function fetchPublishedPage([, id, token]: PageKey): Promise<PublishedPageResult> {
  const path = publishedPagePath(id)
  try {
    if (token) {
      const page = await get<PagePreview>(`${path}/preview`, { params: { token }, cache: false })
      return { kind: 'preview', page: await withBlocks(page) }
    }
    const answer = await get<PublishedPage | OfflinePage>(path, { cache: false })
    if ('offline' in answer) return { kind: 'offline', fallback: answer.fallback || '/' }
    return { kind: 'page', page: await withBlocks(answer) }
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { kind: 'not-found' }
    // 403: a forged or expired signature, or its author's account disabled (the message says which); 400: a token
    // that is not even one (cut off when copied).
    if (token && error instanceof HttpError && (error.status === 403 || error.status === 400))
      return {
        kind: 'preview-refused',
        message:
          (error.status === 403 && apiErrorOf(error)?.message) || '预览链接无效或已过期，请在工作台重新生成',
      }
    throw error
  }
}

export function usePublishedPage(id: string | undefined, token: string | null) {
  return useSWR(id ? publishedPageKey(id, token) : null, fetchPublishedPage, {
    // A preview shows the draft as saved now; a live page is cached by the server for 15 s anyway.
    revalidateOnFocus: false,
  })
}
