// Build step, through a Vite SSR loader on the same config and plugins:
// - renders each config page to HTML for the moment of the build (src/app/configShell/prerender.tsx), so the
//   page shows before its JavaScript runs and the browser hydrates it (src/main.tsx). A page that fails to
//   render is left without prerendered HTML;
// - finds the module each screen route of the route table loads (its lazy import, as Vite resolved it), so
//   the screen's own HTML can preload its chunks.
import { resolve } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import type { PrerenderedPage } from '../src/app/configShell/prerender'

type Renderer = typeof import('../src/app/configShell/prerender')
type RouteTable = typeof import('../src/app/routes')

export interface BuildRender {
  /** Config route → its prerendered page. */
  pages: Map<string, PrerenderedPage>
  /** Screen route → the module its lazy import loads (a root-relative path: /src/features/…). */
  screens: Map<string, string>
}

/** Vite's SSR transform writes `import('./X')` as `__vite_ssr_dynamic_import__("/src/…/X.tsx")`. */
const SSR_DYNAMIC_IMPORT = /__vite_ssr_dynamic_import__\(\s*["']([^"']+)["']/

async function screenModules(server: ViteDevServer): Promise<Map<string, string>> {
  const { screenRoutes, publishedRoutes } = (await server.ssrLoadModule('/src/app/routes.ts')) as RouteTable
  const screens = new Map<string, string>()
  // Pages published through the studio are rendered by the server like screens (src/app/publishedPages).
  for (const route of [...screenRoutes, ...publishedRoutes]) {
    const module = SSR_DYNAMIC_IMPORT.exec(String(route.load))?.[1]
    if (!module) throw new Error(`build: cannot tell which module the route ${route.path} loads`)
    screens.set(route.path, module)
  }
  return screens
}

export async function renderAtBuild(
  root: string,
  configRoutes: readonly string[],
  nowMs: number,
  warn: (message: string) => void,
): Promise<BuildRender> {
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
    for (const route of configRoutes) {
      try {
        pages.set(route, await prerenderConfigPage(route, nowMs))
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
        warn(
          `${error instanceof Error ? error.message : String(error)}${cause}; it renders in the browser only`,
        )
      }
    }
    return { pages, screens: await screenModules(server) }
  } finally {
    await server.close()
  }
}
