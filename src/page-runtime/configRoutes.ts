import { createElement } from 'react'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../page-config/markdownTree'
import type { PageConfig } from '../types/generated/page'
import type { ScreenModule, ScreenRoute } from '../types/route'
import { belowBasename, ROUTER_BASENAME } from '../config/router'
import { configRoutePath, targetPath } from '../page-config/configPath'
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
}

const metas = import.meta.glob<PageMeta>('../../page-configs/**/*.json', { eager: true, query: '?meta' })
const contents = import.meta.glob<PageModule>('../../page-configs/**/*.json', { query: '?page' })

function screenLoader(
  loadPage: () => Promise<PageModule>,
  meta: PageMeta | undefined,
): () => Promise<ScreenModule> {
  let pending: Promise<ScreenModule> | null = null
  return () => {
    // The server clock and the page's data are needed for the first paint: ask for them while the chunks load.
    void clockOffset()
    prefetchDataSources(meta?.dataSources ?? undefined)
    pending ??= Promise.all([import('./ConfigPage'), loadPage()]).then(
      async ([{ ConfigPage, preparePage }, page]) => {
        // The build adds the config's markdown, compiled (src/page-config/markdown.ts).
        const { [MARKDOWN_TREES_KEY]: markdown, ...config } = page.default
        // Its data and blocks load now rather than after the first render; a slow network does not hold the
        // page (blocks still arriving then load lazily).
        const prepared = await Promise.race([
          preparePage(config, page.blockModules),
          new Promise<undefined>((resolve) => setTimeout(resolve, PREPARE_WAIT_MS)),
        ])
        return {
          default: function ConfigScreen() {
            return createElement(ConfigPage, {
              config,
              markdown: markdown as MarkdownTrees | undefined,
              initialData: prepared?.data,
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

/** A config route's page module (for prerendering its HTML at build time, scripts/prerender). */
export function configPageModule(route: ScreenRoute): Promise<PageModule> | undefined {
  const file = Object.keys(contents).find((f) => configRoutePath(f.slice(CONFIG_ROOT.length)) === route.path)
  return file ? contents[file]() : undefined
}

export const configRoutes: ScreenRoute[] = Object.keys(contents)
  .sort()
  .map((file) => ({
    path: configRoutePath(file.slice(CONFIG_ROOT.length)),
    title: metas[file]?.title ?? '',
    load: screenLoader(contents[file], metas[file]),
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
