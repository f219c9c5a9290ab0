import type { PageModule } from './configScreenLoader'

// The loaders of every config page's chunk (its config and the block components it uses), with the list of
// files each one needs: a chunk of their own, fetched on the first in-app visit to a config page, instead of
// weighing on every screen's router (configRoutes.ts).

const contents = import.meta.glob<PageModule>('../../page-configs/**/*.json', { query: '?page' })

/** The page module of a config file (a key of configRoutes.ts's table, relative to this folder). */
export function loadPageModule(file: string): Promise<PageModule> {
  const load = contents[file]
  return load ? load() : Promise.reject(new Error(`no config page ${file}`))
}
