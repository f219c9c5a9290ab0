import { StrictMode, createElement } from 'react'
import { prerender } from 'react-dom/static'
import { preloadBlocks, registerBlocks } from '../../blocks/registry'
import { MARKDOWN_TREES_KEY, type MarkdownTrees } from '../../page-config/markdownTree'
import { migrateConfig } from '../../page-config/migrations'
import { walkBlocks } from '../../page-config/walkBlocks'
import { unchangedAround } from '../../page-config/schedule'
import { ConfigPage } from '../../page-runtime/ConfigPage'
import { configPageModule, configRouteAt, configRouteParams } from '../../page-runtime/configRoutes'
import type { PrerenderSnapshot } from '../../components/prerender'
import type { PageConfig } from '../../types/generated/page'
import { ConfigShell } from './ConfigShell'

// Loaded by the build (scripts/prerender.ts) through Vite's SSR loader: renders a config page as the light
// shell would at `nowMs`, logged out and before its data, to the HTML the browser then hydrates (src/main.tsx).

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
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <ConfigShell route={route} screen={screen} prerendered={snapshot} />
    </StrictMode>,
    // Large blocks stay in place: outlined ones need an inline script to move them in (the CSP refuses it).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  // A block that failed here would leave its error view in the HTML: better no prerender at all.
  if (errors.length) throw new Error(`prerender: ${path} failed`, { cause: errors[0] })
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text()
  if (html.includes('<script')) throw new Error(`prerender: ${path} rendered an inline script`)
  const around = unchangedAround(migrateConfig(config).config as unknown as PageConfig, nowMs)
  return { html, snapshot, validFrom: around.from, validUntil: around.until }
}
