// Vite plugin: the operations studio (/studio/, studio/index.html -> src/studio/main.tsx) is an entry of its own.
// Built, it is a separate environment (vite.config.ts), so its modules never join the consumer's chunk graph;
// served by `npm run dev`, every /studio/* path without a file extension gets the studio's HTML (history
// fallback), as the server does (server/platform/spaPages.ts).
import type { Plugin } from 'vite'

export const STUDIO_HTML = 'studio/index.html'
/** A path of the studio's client-side router: /studio, /studio/, /studio/pages/x (not /studio/x.js). */
export const isStudioRoute = (pathname: string) =>
  /^\/studio(\/|$)/i.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname)

export function studioEntryPlugin(): Plugin {
  return {
    name: 'guoheng:studio-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost')
        const base = server.config.base.replace(/\/$/, '')
        const pathname = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname
        const accept = req.headers.accept ?? ''
        if (
          (req.method === 'GET' || req.method === 'HEAD') &&
          isStudioRoute(pathname) &&
          accept.includes('text/html')
        )
          req.url = `${base}/${STUDIO_HTML}`
        next()
      })
    },
  }
}
