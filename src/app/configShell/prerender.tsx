import { StrictMode, createElement, type ComponentType } from 'react'
import { prerender } from 'react-dom/static'
import { unstable_serialize, type SWRConfiguration } from 'swr'
import { dataSourcesKey } from '../../page-runtime/dataSources'
import { withParamValues } from '../../page-config/routeParams'
import { loaderCheck, serverRenderedData, type DataSession } from '../ssr/screenData'
import { blockLoader, preloadBlocks, registerBlocks } from '../../blocks/registry'
import type { RenderedSources } from '../../page-config/configPageData'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../../page-config/markdownTree'
import { unchangedAround } from '../../page-config/schedule'
import { ConfigPage } from '../../page-runtime/ConfigPage'
import { blocksShownAt } from '../../page-runtime/preparePage'
import { configPageModule, configRouteAt, configRouteParams } from '../../page-runtime/configRoutes'
import type { PrerenderSnapshot } from '../../components/prerender'
import type { ScreenRoute } from '../../types/route'
import type { PageConfig } from '../../types/generated/page'
import { ConfigShell } from './ConfigShell'
import type { EmbeddedPublishedPage } from '../../page-config/publishedPageData'
import { publishedShellRoute } from './publishedShell'

// Renders a config page in the light shell, logged out, to the HTML the browser then hydrates (src/main.tsx): at
// build time for a folder page, before its data (scripts/prerender.ts, through Vite's SSR loader); at request time
// by the server's renderer (src/app/ssr/renderScreen.tsx) for a folder page or a page published through the
// studio, with its data sources' answers when they all came.

export interface PrerenderedPage {
  html: string
  snapshot: PrerenderSnapshot
  /**
   * What the page's blocks read through SWR (a guess's campaign state, asked as nobody) and the render had:
   * SWR's fallback in the browser while it hydrates. Empty when nothing was loaded (the build).
   */
  fallback: Record<string, unknown>
  /** When the HTML stops matching what the page shows by time (a phase or a block window changes); null: never. */
  validFrom: number | null
  validUntil: number | null
  /** With a data session: what the blocks' hooks asked for against what their loaders loaded (BlockLoader). */
  loaderCheck?: { undeclared: string[]; unused: string[] }
}

/** A folder config page's route and content, its blocks registered (what a render needs of it). */
export interface LoadedConfigPage {
  route: ScreenRoute
  /** At the current schema: migrated once, by the build (scripts/page-configs/vitePlugin.ts). */
  config: PageConfig
  markdown: MarkdownTrees | undefined
  params: Readonly<Record<string, string>>
}

export async function loadConfigPage(route: ScreenRoute): Promise<LoadedConfigPage> {
  const loading = configPageModule(route)
  if (!loading) throw new Error(`prerender: no config page at ${route.path}`)
  const page = await loading
  registerBlocks(page.blockModules)
  const { [MARKDOWN_TREES_KEY]: markdown, ...config } = page.default
  return {
    route,
    config,
    markdown,
    params: configRouteParams(route),
  }
}

/** What a render is given: its data sources' answers, and how to load what its blocks show (the server's). */
export interface RenderInputs {
  data?: RenderedSources
  session?: DataSession
}

/**
 * A folder config page as the light shell renders it at `nowMs` for the URL path `pathname` (below the basename;
 * /app/… renders the in-app frame), logged out; with its data when `data` holds it, else before its data.
 */
export async function renderConfigPage(
  { route, config, markdown, params }: LoadedConfigPage,
  pathname: string,
  nowMs: number,
  { data, session }: RenderInputs = {},
): Promise<PrerenderedPage> {
  const snapshot: PrerenderSnapshot = { pathname, nowMs, ...(data ? { withData: true } : {}) }
  const screen = () => createElement(ConfigPage, { config, markdown, routeParams: params, initialData: data })
  const sources = withParamValues(config.dataSources, params)
  const rendered = await renderWithBlockData(
    route,
    screen,
    snapshot,
    blocksShownAt(config, nowMs),
    session,
    sources,
  )
  const around = unchangedAround(config, nowMs)
  return { ...rendered, snapshot, validFrom: around.from, validUntil: around.until }
}

/**
 * Renders once, with the data the loaders of the blocks it shows declare (BlockLoader) when a session is given
 * (SWR never fetches on the server); without one (the build) those blocks show loading.
 */
async function renderWithBlockData(
  route: ScreenRoute,
  screen: ComponentType,
  snapshot: PrerenderSnapshot,
  blocks: readonly { type: string }[],
  session: DataSession | undefined,
  /** The page's data sources: loaded by the render's caller (they come as its `data`), not by a block. */
  sources: PageConfig['dataSources'],
): Promise<Pick<PrerenderedPage, 'html' | 'fallback' | 'loaderCheck'>> {
  // Only the blocks it shows at this moment, as in the browser (preparePage).
  await preloadBlocks(blocks.map((block) => block.type))
  const fallback: Record<string, unknown> = {}
  let asked: Set<string> | undefined
  if (session) {
    await Promise.allSettled(
      blocks.map((block) =>
        Promise.resolve().then(() => blockLoader(block.type)?.(block as never, session.load)),
      ),
    )
    const data = await session.settled()
    Object.assign(fallback, data.loaded)
    asked = data.asked
  }
  const wanted = new Set<string>()
  const swr: SWRConfiguration = {
    fallback,
    // Its own cache: one module graph renders every visitor.
    provider: () => new Map(),
    use: [serverRenderedData(fallback, (key) => void wanted.add(key))],
  }
  const html = await renderInLightShell(route, screen, snapshot, swr)
  if (!asked) return { html, fallback }
  const sourcesKey = dataSourcesKey(sources)
  if (sourcesKey) asked.add(unstable_serialize(sourcesKey))
  const check = loaderCheck(wanted, asked)
  if (check.undeclared.length)
    console.warn('[ssr] data not in a block loader of', snapshot.pathname, check.undeclared)
  return { html, fallback, loaderCheck: check }
}

/** The build's render of the config page at `path`: at the build's moment, before its data. */
export async function prerenderConfigPage(path: string, nowMs: number): Promise<PrerenderedPage> {
  const route = configRouteAt(path)
  if (!route) throw new Error(`prerender: no config page at ${path}`)
  return renderConfigPage(await loadConfigPage(route), route.path, nowMs)
}

/** The light shell's HTML of a page, its blocks loaded: rejects when a block fails or an inline script appears. */
async function renderInLightShell(
  route: ScreenRoute,
  screen: ComponentType,
  snapshot: PrerenderSnapshot,
  swr: SWRConfiguration,
): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <ConfigShell route={route} screen={screen} prerendered={snapshot} swr={swr} />
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
  /** page.config at the current schema (currentPageConfig). */
  config: PageConfig,
  pathname: string,
  nowMs: number,
  session?: DataSession,
): Promise<PrerenderedPage> {
  // With its data sources' answers, it shows them (and the browser hydrates with the same, page.data).
  const snapshot: PrerenderSnapshot = { pathname, nowMs, ...(page.data ? { withData: true } : {}) }
  const { route, screen } = publishedShellRoute(page, config, page.data)
  // Only the blocks it shows at this moment; the browser loads the same before hydrating (src/main.tsx).
  const blocks = blocksShownAt(config, nowMs)
  const rendered = await renderWithBlockData(route, screen, snapshot, blocks, session, config.dataSources)
  const around = unchangedAround(config, nowMs)
  return { ...rendered, snapshot, validFrom: around.from, validUntil: around.until }
}
