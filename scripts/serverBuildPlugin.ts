// Vite plugin of the server's own build (vite.config.ts, environment `server`): the route table of the
// hand-written screens, which src/page-config/screenRoutes.ts reads from src/app/routes.ts with tsx, is read
// now and compiled in as a list, so the compiled server needs neither tsx nor the app's sources at run time.
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { loadScreenRoutePaths } from '../src/page-config/screenRoutes'

export const SERVER_ENVIRONMENT = 'server'

export function serverBuildPlugin({ root }: { root: string }): Plugin {
  const screenRoutesModule = resolve(root, 'src/page-config/screenRoutes.ts')
  return {
    name: 'guoheng:server-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === SERVER_ENVIRONMENT,
    async load(id) {
      if (id !== screenRoutesModule) return null
      const paths = await loadScreenRoutePaths(root)
      return `export async function loadScreenRoutePaths() { return ${JSON.stringify(paths)} }`
    },
  }
}
