// A config page's HTML names its own route (scripts/entryHtmlPlugin.ts writes it, src/main.tsx reads it): the
// path, title, parameter values, data sources and the URL of the page's chunk. A page opened directly starts
// from this alone, without the app's table of every config route (about 8 KiB gzip every page paid for).
// UI-free: read by the build (Node) and the browser.
import type { PageConfig } from '../types/generated/page'
import { isObject } from './json'

/** Id of the JSON data block in the page's <head>. */
export const CONFIG_ROUTE_ID = 'config-route'

/** What a route needs of a config before the page's chunk has loaded (also the `?meta` modules). */
export interface PageMeta {
  title: string
  dataSources: PageConfig['dataSources'] | null
  routeParams: PageConfig['routeParams'] | null
}

/** The route a config page's HTML carries. */
export interface ConfigRouteData {
  /** The page's own path ("/xm/accident" for a value of "/xm/:type"). */
  path: string
  /** The values of its route parameters ({} for a route without). */
  params: Record<string, string>
  meta: PageMeta
  /** URL of the page's chunk (the config and the blocks it uses). */
  module: string
}

/** The meta of a parsed config file (title; data sources and route parameters as the file has them). */
export function pageMetaOf(config: unknown): PageMeta {
  const parsed = isObject(config) ? config : {}
  return {
    title: typeof parsed.title === 'string' ? parsed.title : '',
    dataSources: (parsed.dataSources as PageMeta['dataSources'] | undefined) ?? null,
    routeParams: (parsed.routeParams as PageMeta['routeParams'] | undefined) ?? null,
  }
}

/** The data block for the HTML: "<" escaped, so nothing in a config can end the script element. */
export const configRouteBlock = (route: ConfigRouteData) =>
  `<script type="application/json" id="${CONFIG_ROUTE_ID}">${JSON.stringify(route).replace(/</g, '\\u003c')}</script>`

/** The route this document's HTML names; null for any other page, or a block that cannot be read. */
export function readConfigRoute(doc: Document): ConfigRouteData | null {
  const text = doc.getElementById(CONFIG_ROUTE_ID)?.textContent
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (
      isObject(parsed) &&
      typeof parsed.path === 'string' &&
      typeof parsed.module === 'string' &&
      isObject(parsed.params) &&
      isObject(parsed.meta)
    )
      return {
        path: parsed.path,
        module: parsed.module,
        params: Object.fromEntries(
          Object.entries(parsed.params).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        meta: pageMetaOf(parsed.meta),
      }
  } catch {
    // unreadable: the app starts instead, and its router finds the page
  }
  return null
}
