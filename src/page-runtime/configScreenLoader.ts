// How a config page's route loads: the shared ConfigPage runtime and the page's own chunk (its config and the
// block components it uses), with the page's data and the server clock asked for meanwhile. Used by the app's
// table of every config route (configRoutes.ts) and by a config page opened directly, which knows only its own
// route (src/page-config/configRouteData.ts).
import { createElement } from 'react'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../page-config/markdownTree'
import type { ScreenModule, ScreenRoute } from '../types/route'
import type { PageConfig } from '../types/generated/page'
import { belowBasename, ROUTER_BASENAME } from '../config/router'
import { targetPath } from '../page-config/configPath'
import { withParamValues } from '../page-config/routeParams'
import { readConfigPageData, type RenderedSources } from '../page-config/configPageData'
import { readConfigRoute, type PageMeta } from '../page-config/configRouteData'
import { prefetchDataSources } from './dataSources'
import { clockOffset } from './serverClock'

const PREPARE_WAIT_MS = 1500

/**
 * A `?page` module (scripts/page-configs/pageModule.ts): the config, at the current schema with its markdown
 * compiled (the build's transform, scripts/page-configs/vitePlugin.ts), and the block components it uses.
 */
export interface PageModule {
  default: PageConfig & { [MARKDOWN_TREES_KEY]?: MarkdownTrees }
  blockModules: Record<string, { default: unknown }>
}

/**
 * A URL path as a config route's path compares to it (below the router basename, without the /app prefix,
 * letter case and a trailing slash aside, as React Router matches); undefined outside the basename.
 */
export function configPathKey(pathname: string, basename = ROUTER_BASENAME): string | undefined {
  const path = belowBasename(pathname, basename)
  if (path === undefined) return undefined
  return targetPath(path)
    .replace(/(.)\/+$/, '$1')
    .toLowerCase()
}

/** The data the server rendered this document's page with (configPageData.ts), when `path` is that page's route. */
function renderedWith(path: string): RenderedSources | null {
  if (typeof document === 'undefined' || configPathKey(window.location.pathname) !== path.toLowerCase())
    return null
  return readConfigPageData(document).data
}

export function configScreenLoader(
  path: string,
  loadPage: () => Promise<PageModule>,
  meta: PageMeta | undefined,
  params: Readonly<Record<string, string>>,
): () => Promise<ScreenModule> {
  let pending: Promise<ScreenModule> | null = null
  return () => {
    // The server clock and the page's data are needed for the first paint: ask for them while the chunks load,
    // unless the server rendered this document's page with its data (then the first render uses exactly that).
    void clockOffset()
    const rendered = pending ? null : renderedWith(path)
    if (!rendered) prefetchDataSources(withParamValues(meta?.dataSources ?? undefined, params))
    pending ??= Promise.all([import('./ConfigPage'), loadPage()]).then(
      async ([{ ConfigPage, preparePage }, page]) => {
        const { [MARKDOWN_TREES_KEY]: markdown, ...config } = page.default
        // Its data and blocks load now rather than after the first render; a slow network does not hold the
        // page (blocks still arriving then load lazily).
        const prepared = await Promise.race([
          preparePage(config, page.blockModules, params, { fetchData: !rendered }),
          new Promise<undefined>((resolve) => setTimeout(resolve, PREPARE_WAIT_MS)),
        ])
        return {
          default: function ConfigScreen() {
            return createElement(ConfigPage, {
              config,
              markdown,
              initialData: rendered ?? prepared?.data,
              routeParams: params,
              // Analytics names a folder page by its route (lib/analytics/trackedPage.ts).
              analytics: { route: path },
            })
          },
        }
      },
    )
    pending.catch(() => {
      pending = null
    })
    return pending
  }
}

/**
 * The config page this document's HTML names (scripts/entryHtmlPlugin.ts), its chunks, data and server time
 * already on their way; undefined for any other page.
 */
export function documentConfigRoute(): ScreenRoute | undefined {
  const data = readConfigRoute(document)
  if (!data) return undefined
  const route: ScreenRoute = {
    path: data.path,
    title: data.meta.title,
    load: configScreenLoader(
      data.path,
      () => import(/* @vite-ignore */ data.module) as Promise<PageModule>,
      data.meta,
      data.params,
    ),
  }
  void route.load().catch(() => {})
  return route
}
