import { createElement } from 'react'
import type { ScreenModule, ScreenRoute } from '../types/route'
import { configRoutePath } from './configPath'
import { clockOffset } from './serverClock'

// Routes generated from page-configs/ at build time: the titles come in the main bundle (a title-only view
// of each file), each config's content is its own lazy chunk, rendered by the one shared ConfigPage.

const CONFIG_ROOT = '../../page-configs/'
const titles = import.meta.glob<string>('../../page-configs/**/*.json', { eager: true, query: '?meta', import: 'title' })
const contents = import.meta.glob<Record<string, unknown>>('../../page-configs/**/*.json', { import: 'default' })

function screenLoader(loadConfig: () => Promise<Record<string, unknown>>): () => Promise<ScreenModule> {
  let pending: Promise<ScreenModule> | null = null
  return () => {
    // The server clock is needed before the first paint: ask for it while the chunks load.
    void clockOffset()
    pending ??= Promise.all([import('./ConfigPage'), loadConfig()]).then(([{ ConfigPage }, config]) => ({
      default: function ConfigScreen() {
        return createElement(ConfigPage, { config })
      },
    }))
    pending.catch(() => {
      pending = null
    })
    return pending
  }
}

export const configRoutes: ScreenRoute[] = Object.keys(contents)
  .sort()
  .map((file) => ({
    path: configRoutePath(file.slice(CONFIG_ROOT.length)),
    title: titles[file] ?? '',
    load: screenLoader(contents[file]),
  }))
