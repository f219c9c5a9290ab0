import { StrictMode, createElement, type ComponentType } from 'react'
import { prerender } from 'react-dom/static'
import { preloadBlocks, registerBlocks } from '../../blocks/registry'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../../page-config/markdownTree'
import { currentPageConfig } from '../../page-config/migrations'
import { walkBlocks } from '../../page-config/walkBlocks'
import { unchangedAround } from '../../page-config/schedule'
import { ConfigPage } from '../../page-runtime/ConfigPage'
import { blockTypesShownAt } from '../../page-runtime/preparePage'
import { configPageModule, configRouteAt, configRouteParams } from '../../page-runtime/configRoutes'
import type { PrerenderSnapshot } from '../../components/prerender'
import type { ScreenRoute } from '../../types/route'
import { ConfigShell } from './ConfigShell'
import type { EmbeddedPublishedPage } from '../../page-config/publishedPageData'
import { publishedShellRoute } from './publishedShell'

// Loaded by the build (scripts/prerender.ts) through Vite's SSR loader: renders a config page as the light
// shell would at `nowMs`, logged out and before its data, to the HTML the browser then hydrates (src/main.tsx).
// The server's renderer (src/app/ssr/renderScreen.tsx) renders a page published through the studio the same
// way, at request time, with its data sources' answers.

export interface PrerenderedPage {
  html: string
  snapshot: PrerenderSnapshot
  /** When the HTML stops matching what the page shows by time (a phase or a block window changes); null: never. */
  validFrom: number | null
  validUntil: number | null
}

export async function prerenderConfigPage(path: string, nowMs: number): Promise<PrerenderedPage> {
  const route = configRouteAt(path)
  const loading = route && configPageModule(route)
  if (!route || !loading) throw new Error(`prerender: no config page at ${path}`)
  const page = await loading
  registerBlocks(page.blockModules)
  const { [MARKDOWN_TREES_KEY]: markdown, ...config } = page.default
  // Every block ready before rendering, as in the browser (preparePage).
  const types: string[] = []
  walkBlocks(config.blocks, (block) => void types.push(String(block.type)))
  await preloadBlocks(types)
  const snapshot: PrerenderSnapshot = { pathname: route.path, nowMs }
  const routeParams = configRouteParams(route)
  const screen = () =>
    createElement(ConfigPage, { config, markdown: markdown as MarkdownTrees | undefined, routeParams })
  const html = await renderInLightShell(route, screen, snapshot)
  const around = unchangedAround(currentPageConfig(config), nowMs)
  return { html, snapshot, validFrom: around.from, validUntil: around.until }
}

/** The light shell's HTML of a page, its blocks loaded: rejects when a block fails or an inline script appears. */
async function renderInLightShell(
  route: ScreenRoute,
  screen: ComponentType,
  snapshot: PrerenderSnapshot,
): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <ConfigShell route={route} screen={screen} prerendered={snapshot} />
    </StrictMode>,
    // Large blocks stay in place: outlined ones need an inline script to move them in (the CSP refuses it).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  // A block that failed here would leave its error view in the HTML: better no prerender at all.
  if (errors.length) throw new Error(`prerender: ${snapshot.pathname} failed`, { cause: errors[0] })
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text()
  if (html.includes('<script')) throw new Error(`prerender: ${snapshot.pathname} rendered an inline script`)
  return html
}

/**
 * A page published through the studio as the light shell renders it at `nowMs` for the URL path `pathname`
 * (below the basename; /app/… renders the in-app frame), logged out; with its data when `page.data` holds it
 * (the server's render), else before its data, like a folder page.
 */
export async function renderPublishedPage(
  page: EmbeddedPublishedPage,
  pathname: string,
  nowMs: number,
): Promise<PrerenderedPage> {
  const config = currentPageConfig(page.config)
  // Only the blocks it shows at this moment; the browser loads the same before hydrating (src/main.tsx).
  await preloadBlocks(blockTypesShownAt(config, nowMs))
  // With its data sources' answers, it shows them (and the browser hydrates with the same, page.data).
  const snapshot: PrerenderSnapshot = { pathname, nowMs, ...(page.data ? { withData: true } : {}) }
  const { route, screen } = publishedShellRoute(page, page.data)
  const html = await renderInLightShell(route, screen, snapshot)
  const around = unchangedAround(config, nowMs)
  return { html, snapshot, validFrom: around.from, validUntil: around.until }
}
