import { createElement } from 'react'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../page-config/markdownTree'
import type { PageConfig } from '../types/generated/page'
import type { ScreenModule, ScreenRoute } from '../types/route'
import { belowBasename, ROUTER_BASENAME } from '../config/router'
import { targetPath } from '../page-config/configPath'
import { configPagePaths, withParamValues } from '../page-config/routeParams'
import { readConfigPageData, type RenderedSources } from '../page-config/configPageData'
import { prefetchDataSources } from './dataSources'
import { clockOffset } from './serverClock'

// Routes generated from page-configs/ at build time: the titles and data sources come in the main bundle (a
// small view of each file), each config's content is its own lazy chunk (with the block components it uses),
// rendered by the one shared ConfigPage.

const CONFIG_ROOT = '../../page-configs/'
const PREPARE_WAIT_MS = 1500

/** A `?page` module (scripts/page-configs/pageModule.ts): the config and the block components it uses. */
export interface PageModule {
  default: Record<string, unknown>
  blockModules: Record<string, { default: unknown }>
}

/** A `?meta` module: what the route table needs of a config before its chunk loads. */
interface PageMeta {
  title: string
  dataSources: PageConfig['dataSources'] | null
  routeParams: PageConfig['routeParams'] | null
}

// Each module's default export only: a namespace object per config (and its getters) would cost every page's
// main bundle about 150 bytes per config.
const metas = import.meta.glob<PageMeta>('../../page-configs/**/*.json', {
  eager: true,
  query: '?meta',
  import: 'default',
})
const contents = import.meta.glob<PageModule>('../../page-configs/**/*.json', { query: '?page' })

/** The data the server rendered this document's page with (configPageData.ts), when `path` is that page's route. */
function renderedWith(path: string): RenderedSources | null {
  if (typeof document === 'undefined' || configRouteAt(window.location.pathname)?.path !== path) return null
  return readConfigPageData(document).data
}

function screenLoader(
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
      async ([{ ConfigPage, currentPageConfig, preparePage }, page]) => {
        // The build adds the config's markdown, compiled (src/page-config/markdown.ts). The config is brought to
        // the current schema once, here.
        const { [MARKDOWN_TREES_KEY]: markdown, ...raw } = page.default
        const config = currentPageConfig(raw)
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
              markdown: markdown as MarkdownTrees | undefined,
              initialData: rendered ?? prepared?.data,
              routeParams: params,
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

/** Each config page's route (one per declared value of a route with parameters, see routeParams.ts). */
const pages = Object.keys(contents)
  .sort()
  .flatMap((file) =>
    configPagePaths(file.slice(CONFIG_ROOT.length), metas[file] ?? null).map((page) => ({ file, page })),
  )

/** A config route's page module (for rendering its HTML: at build time, scripts/prerender, and by the server). */
export function configPageModule(route: ScreenRoute): Promise<PageModule> | undefined {
  const file = pages.find(({ page }) => page.path === route.path)?.file
  return file ? contents[file]() : undefined
}

/** The values of a config route's parameters ({} for a route without). */
export function configRouteParams(route: ScreenRoute): Readonly<Record<string, string>> {
  return pages.find(({ page }) => page.path === route.path)?.page.params ?? {}
}

export const configRoutes: ScreenRoute[] = pages.map(({ file, page }) => ({
  path: page.path,
  title: page.title,
  load: screenLoader(page.path, contents[file], metas[file], page.params),
}))

/** The config route a URL path opens (below the router basename, with or without the /app prefix), if any. */
export function configRouteAt(pathname: string, basename = ROUTER_BASENAME): ScreenRoute | undefined {
  const path = belowBasename(pathname, basename)
  if (path === undefined) return undefined
  // React Router matches case-insensitively and ignores a trailing slash.
  const wanted = targetPath(path)
    .replace(/(.)\/+$/, '$1')
    .toLowerCase()
  return configRoutes.find((route) => route.path.toLowerCase() === wanted)
}

// Opening a config page directly: its chunks, data and server time load while the app shell boots, instead
// of after the router has rendered (the router's own load then picks up the same promise).
if (typeof window !== 'undefined')
  void configRouteAt(window.location.pathname)
    ?.load()
    .catch(() => {})
