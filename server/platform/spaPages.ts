import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// The SPA fallback sends a config page its own HTML, which preloads that page's chunks, carries its title and
// its prerendered content, and a screen with a fixed path its own HTML preloading its chunks (both written by
// scripts/entryHtmlPlugin.ts, listed in config-pages.json); the operations studio (/studio, /studio/*) its own
// entry's HTML (scripts/studioEntryPlugin.ts); every other path gets index.html.

/** The in-app root layout's prefix (src/config/router.ts): /app/x renders the same page as /x. */
const IN_APP_PREFIX = '/app'
const SAFE_ROUTE = /^(\/[A-Za-z0-9_-]+)+$/

/** The studio's entry (its own bundle; consumers never load it). */
export const STUDIO_HTML_FILE = 'studio/index.html'
const STUDIO_PREFIX = '/studio'

/** Whether a URL is the studio's (/studio, /studio/…, any letter case): its own entry, never a consumer screen. */
export function isStudioPath(url: string): boolean {
  const path = url.split(/[?#]/)[0].toLowerCase()
  return path === STUDIO_PREFIX || path.startsWith(`${STUDIO_PREFIX}/`)
}

/** Where the build writes a config page's HTML. */
export const configHtmlFile = (route: string) => `${route.slice(1)}/index.html`
/** Where the build writes a screen's HTML. */
export const screenHtmlFile = (route: string) =>
  route === '/' ? 'screens/index.html' : `screens${route}/index.html`

const routesIn = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string' && SAFE_ROUTE.test(r)) : []

/** Maps a request URL to the HTML file (relative to the build folder) the SPA fallback sends. */
export function spaHtmlResolver(distDir: string): (url: string) => string {
  const pages = new Map<string, string>()
  const manifest = join(distDir, 'config-pages.json')
  if (existsSync(manifest)) {
    const { routes, screens } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      routes?: unknown
      screens?: unknown
    }
    for (const route of routesIn(screens)) pages.set(route.toLowerCase(), screenHtmlFile(route))
    if (Array.isArray(screens) && screens.includes('/')) pages.set('', screenHtmlFile('/'))
    for (const route of routesIn(routes)) pages.set(route.toLowerCase(), configHtmlFile(route))
  }
  const hasStudio = existsSync(join(distDir, STUDIO_HTML_FILE))
  return (url) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(url, 'http://localhost').pathname)
    } catch {
      return 'index.html'
    }
    const lower = path.toLowerCase()
    if (hasStudio && (lower === STUDIO_PREFIX || lower.startsWith(`${STUDIO_PREFIX}/`)))
      return STUDIO_HTML_FILE
    if (path === IN_APP_PREFIX || path.startsWith(`${IN_APP_PREFIX}/`))
      path = path.slice(IN_APP_PREFIX.length)
    // Like the router: letter case and a trailing slash do not matter.
    path = path.replace(/\/+$/, '').toLowerCase()
    return pages.get(path) ?? 'index.html'
  }
}
