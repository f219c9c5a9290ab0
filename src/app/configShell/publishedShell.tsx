import { createElement, type ComponentType } from 'react'
import { preloadBlocks } from '../../blocks/registry'
import { ConfigPage, preparePage } from '../../page-runtime/ConfigPage'
import { blockTypesShownAt } from '../../page-runtime/preparePage'
import type { SettledSources } from '../../page-runtime/dataSources'
import type { ScreenRoute } from '../../types/route'
import type { PageConfig } from '../../types/generated/page'
import { PUBLISHED_PAGE_PATH } from '../publishedPages/routes'
import { publishedTitle, type EmbeddedPublishedPage } from '../../page-config/publishedPageData'
import { pageWithoutForeignImages } from '../../page-config/foreignImages'

// A page published through the studio, opened directly (/activity/{id}, /app/activity/{id}): the server renders
// its live version in the light shell at request time (src/app/configShell/prerender.tsx) and embeds it in a
// data block after #root, and the browser boots the light shell with that config (src/main.tsx), loading only
// the blocks it uses, as for a folder config page. In-app navigation to /activity/{id} goes through the router's
// PublishedPageScreen instead, which fetches the page from /api/pages/{id}.

/** The light shell's route and screen for a published page (the same runtime as PublishedPageScreen's). */
export function publishedShellRoute(
  page: EmbeddedPublishedPage,
  /** page.config (at the current schema, as the pages API sends it). */
  config: PageConfig,
  initialData?: SettledSources,
): { route: ScreenRoute; screen: ComponentType } {
  const screen = function PublishedPage() {
    return createElement(ConfigPage, {
      key: `v${page.version}`,
      config,
      markdown: page.markdown,
      initialData,
      // With its A/B test and variant, when the server put it in one.
      analytics: { pageId: page.id, pageVersion: page.version, experiment: page.experiment },
    })
  }
  return {
    route: {
      path: PUBLISHED_PAGE_PATH,
      title: publishedTitle(config),
      load: () => Promise.resolve({ default: screen }),
    },
    screen,
  }
}

/**
 * In the browser, before the first render: the page's data sources asked for and the blocks it shows now
 * loaded (only those: each block is its own chunk), as a folder page's loader does (configRoutes.ts). The
 * blocks the HTML shows (rendered at `renderedAt`) start loading at once, not after the server's time.
 */
export async function preparePublishedShell(
  page: EmbeddedPublishedPage,
  renderedAt = Date.now(),
): Promise<{ route: ScreenRoute; screen: ComponentType }> {
  const config = pageWithoutForeignImages(page.config)
  if (Array.isArray(config.blocks)) void preloadBlocks(blockTypesShownAt(config, renderedAt))
  // The data the server rendered it with, when it did: the first render matches the HTML, and nothing waits.
  const prepared = await preparePage(config, {}, {}, { fetchData: !page.data })
  return publishedShellRoute(page, config, page.data ?? prepared.data)
}
