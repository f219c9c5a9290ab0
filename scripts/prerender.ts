// Build step: renders each config page to HTML for the moment of the build (src/app/configShell/prerender.tsx),
// through a Vite SSR loader on the same config and plugins, so the page shows before its JavaScript runs and
// the browser hydrates it (src/main.tsx). A page that fails to render is left without prerendered HTML.
import { resolve } from 'node:path'
import { createServer } from 'vite'
import type { PrerenderedPage } from '../src/app/configShell/prerender'

type Renderer = typeof import('../src/app/configShell/prerender')

export async function prerenderConfigPages(
  root: string,
  routes: readonly string[],
  nowMs: number,
  warn: (message: string) => void,
): Promise<Map<string, PrerenderedPage>> {
  const server = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    // antd-mobile's ES modules import their CSS: Vite, not Node, has to load them. They also import rc-util's
    // CommonJS build as if it were ESM (fine for a bundler, not for Node): its ES build is used instead.
    ssr: { noExternal: ['antd-mobile', 'rc-util'] },
    resolve: { alias: [{ find: /^rc-util\/lib\//, replacement: 'rc-util/es/' }] },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  const pages = new Map<string, PrerenderedPage>()
  try {
    const { prerenderConfigPage } = (await server.ssrLoadModule(
      '/src/app/configShell/prerender.tsx',
    )) as Renderer
    for (const route of routes) {
      try {
        pages.set(route, await prerenderConfigPage(route, nowMs))
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
        warn(
          `${error instanceof Error ? error.message : String(error)}${cause}; it renders in the browser only`,
        )
      }
    }
  } finally {
    await server.close()
  }
  return pages
}
