import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { ROUTER_BASENAME } from '../config/router'
import { PrerenderContext, type PrerenderSnapshot } from '../page-runtime/prerender'
import { AppProviders } from './AppProviders'
import type { PrerenderedPage } from './configShell/prerender'
import { allRoutes, buildRouteObjects } from './router'

// Loaded by the build (scripts/prerender.ts) through Vite's SSR loader: renders a screen marked `prerender` in
// the route table, with its layout, as the app's router would show it logged out before its data arrives. The
// browser does not hydrate it: the app renders the same screen over it once its router is ready (src/main.tsx).

export async function prerenderScreen(path: string, nowMs: number): Promise<PrerenderedPage> {
  const handler = createStaticHandler(buildRouteObjects(allRoutes), { basename: ROUTER_BASENAME })
  const url = `http://localhost${ROUTER_BASENAME.replace(/\/$/, '')}${path}`
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const snapshot: PrerenderSnapshot = { pathname: path, nowMs }
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <PrerenderContext value={snapshot}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PrerenderContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  if (errors.length) throw new Error(`prerender: ${path} failed`, { cause: errors[0] })
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text()
  if (html.includes('<script')) throw new Error(`prerender: ${path} rendered an inline script`)
  return { html, snapshot, validFrom: null, validUntil: null }
}
