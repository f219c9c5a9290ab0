import type { MarkdownTrees } from '../../page-config/markdownTree'
import type { PageConfig } from '../../types/generated/page'

// The SWR key of a published page and what its fetcher (api.ts) resolves to: types and the key only, so the
// layout's title bar (title.ts) reads the page without bringing the fetcher's imports into the app's chunk.

/** The version of a page live now. */
export interface PublishedPage {
  id: string
  version: number
  publishedAt: string
  /** At the current schema: the pages API migrated it (currentPageJson), once. */
  config: PageConfig
  markdown: MarkdownTrees
}

/** A page taken offline: the visitor goes to its fallback. */
export interface OfflinePage {
  id: string
  offline: true
  fallback: string
}

/** A page's draft, through a signed preview link. */
export interface PagePreview {
  id: string
  revision: number
  /** At the current schema, as PublishedPage's. */
  config: PageConfig
  markdown: MarkdownTrees
  /** The moment the link was made for. */
  nowMs?: number
}

export type PublishedPageResult =
  | { kind: 'page'; page: PublishedPage }
  | { kind: 'preview'; page: PagePreview }
  | { kind: 'offline'; fallback: string }
  | { kind: 'not-found' }
  /** The preview link's token is expired or invalid: the server's Chinese message. */
  | { kind: 'preview-refused'; message: string }

export type PageKey = readonly ['published-page', string, string]

export const publishedPageKey = (id: string, token: string | null): PageKey => [
  'published-page',
  id,
  token ?? '',
]
