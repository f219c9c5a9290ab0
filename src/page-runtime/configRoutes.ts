import type { ScreenRoute } from '../types/route'
import { ROUTER_BASENAME } from '../config/router'
import { configPagePaths } from '../page-config/routeParams'
import type { PageMeta } from '../page-config/configRouteData'
import { configPathKey, configScreenLoader, type PageModule } from './configScreenLoader'

// Routes generated from page-configs/ at build time, for the app's router, the build's prerender and the
// server: the titles and data sources come with this table (a small view of each file); each config's content is
// its own lazy chunk (with the block components it uses), loaded through configPageModules.ts, and rendered by the
// one shared ConfigPage. A config page opened directly does without this table (configScreenLoader.ts).

const CONFIG_ROOT = '../../page-configs/'

// Each module's default export only: a namespace object per config (and its getters) would cost every page's
// main bundle about 150 bytes per config.
const metas = import.meta.glob<PageMeta>('../../page-configs/**/*.json', {
  eager: true,
  query: '?meta',
  import: 'default',
})
/** A config file's page module: through the chunk holding every page's loader (configPageModules.ts). */
const pageModule = (file: string): Promise<PageModule> =>
  import('./configPageModules').then((modules) => modules.loadPageModule(file))

/** Each config page's route (one per declared value of a route with parameters, see routeParams.ts). */
const pages = Object.keys(metas)
  .sort()
  .flatMap((file) =>
    configPagePaths(file.slice(CONFIG_ROOT.length), metas[file] ?? null).map((page) => ({ file, page })),
  )

/** A config route's page module (for rendering its HTML: at build time, scripts/prerender, and by the server). */
export function configPageModule(route: ScreenRoute): Promise<PageModule> | undefined {
  const file = pages.find(({ page }) => page.path === route.path)?.file
  return file ? pageModule(file) : undefined
}

/** The values of a config route's parameters ({} for a route without). */
export function configRouteParams(route: ScreenRoute): Readonly<Record<string, string>> {
  return pages.find(({ page }) => page.path === route.path)?.page.params ?? {}
}

export const configRoutes: ScreenRoute[] = pages.map(({ file, page }) => ({
  path: page.path,
  title: page.title,
  load: configScreenLoader(page.path, () => pageModule(file), metas[file], page.params),
}))

/** The config route a URL path opens (below the router basename, with or without the /app prefix), if any. */
export function configRouteAt(pathname: string, basename = ROUTER_BASENAME): ScreenRoute | undefined {
  const wanted = configPathKey(pathname, basename)
  return wanted === undefined ? undefined : configRoutes.find((route) => route.path.toLowerCase() === wanted)
}
