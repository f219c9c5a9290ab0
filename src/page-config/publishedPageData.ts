import type { RenderedSources } from './configPageData'
import type { PageConfig } from '../types/generated/page'
import type { MarkdownTrees } from './markdownTree'

// The data block of a page published through the studio, opened directly and sent in the light shell's
// template (src/app/configShell/publishedShell.tsx): written by the server (its renderer, or
// server/platform/publishedShell.ts without one), read by src/main.tsx before it loads anything else. UI-free.

/** Id of the JSON data block holding the published page the HTML was rendered from. */
export const PUBLISHED_PAGE_DATA_ID = 'published-page'

/** What the data block holds: the live version, as GET /api/pages/{id} answered it. */
export interface EmbeddedPublishedPage {
  id: string
  version: number
  /** At the current schema: the pages API sends it so (currentPageJson). */
  config: PageConfig
  markdown: MarkdownTrees
  /**
   * What each of its data sources answered when the server rendered it (all of them, or absent): the HTML shows
   * it, and the browser hydrates with exactly it.
   */
  data?: RenderedSources
  /** What its blocks read through SWR when the server rendered it (configPageData.ts): SWR's fallback. */
  fallback?: Record<string, unknown>
  /** The A/B test this visitor's version belongs to, when the page is in one: `{ id, variant }`, as the answer has
   * it (analytics checks it, src/lib/analytics/trackedPage.ts). */
  experiment?: unknown
}

/** The data block's text: "<" escaped, so no "</script>" in the config's texts can end it. */
export const publishedPageText = (page: EmbeddedPublishedPage) =>
  JSON.stringify(page).replace(/</g, '\\u003c')

/** The embedded page of this document, or null when absent or unreadable (the app then starts as usual). */
export function readPublishedPage(doc: Document): EmbeddedPublishedPage | null {
  const text = doc.getElementById(PUBLISHED_PAGE_DATA_ID)?.textContent
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<EmbeddedPublishedPage>
    const valid =
      typeof parsed.id === 'string' &&
      typeof parsed.version === 'number' &&
      typeof parsed.config === 'object' &&
      parsed.config !== null
    return valid
      ? {
          id: parsed.id as string,
          version: parsed.version as number,
          config: parsed.config as PageConfig,
          markdown: (parsed.markdown ?? {}) as MarkdownTrees,
          ...(parsed.data && typeof parsed.data === 'object' ? { data: parsed.data } : {}),
          ...(parsed.fallback && typeof parsed.fallback === 'object' ? { fallback: parsed.fallback } : {}),
          ...(parsed.experiment ? { experiment: parsed.experiment } : {}),
        }
      : null
  } catch {
    return null
  }
}

/** The page's title for the title bar and document.title (the route's, when the config has none). */
export function publishedTitle(config: { title?: unknown }): string {
  return typeof config.title === 'string' && config.title ? config.title : '活动'
}
