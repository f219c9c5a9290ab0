// Vite plugin: runs the config validation at build start (a bad config fails `vite build` with the same
// lines as the CLI), shows errors in the dev overlay and clears them when the file is fixed, and serves
// the title-only `page-configs/*.json?meta` modules the route table is built from.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { formatError, type ConfigError } from './errors'
import { CONFIG_DIR, validateConfigFiles } from './validate'

const META_PREFIX = '\0page-config-meta:'
const META_SUFFIX = '.title.js'

/** `validate: false` (vitest) only serves the title modules; npm test validates the configs itself. */
export function pageConfigsPlugin(options: { root: string; validate?: boolean }): Plugin {
  const { root, validate = true } = options
  const configDir = join(root, CONFIG_DIR)
  let errors: ConfigError[] = []
  const report = () => `页面配置校验失败（${errors.length} 个错误）：\n${errors.map(formatError).join('\n')}`
  const revalidate = async () => {
    errors = await validateConfigFiles(root)
  }
  const showInOverlay = (server: ViteDevServer) => {
    if (errors.length) {
      server.ws.send({ type: 'error', err: { message: report(), stack: '', plugin: 'page-configs' } })
    }
  }

  return {
    name: 'guoheng:page-configs',
    enforce: 'pre',
    async buildStart() {
      if (!validate) return
      await revalidate()
      if (!errors.length) return
      if (this.meta.watchMode) this.warn(report())
      else this.error(report())
    },
    resolveId(source, importer) {
      if (!source.endsWith('.json?meta') || !importer) return null
      // The id must not end in .json, or Vite's JSON plugin would parse this module as JSON.
      return META_PREFIX + resolve(dirname(importer.replace(/^\0/, '')), source.slice(0, -'?meta'.length)) + META_SUFFIX
    },
    load(id) {
      if (!id.startsWith(META_PREFIX)) return null
      const file = id.slice(META_PREFIX.length, -META_SUFFIX.length)
      this.addWatchFile(file)
      let title = ''
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { title?: unknown }
        title = typeof parsed.title === 'string' ? parsed.title : ''
      } catch {
        // A broken file is reported by the validation; the route keeps an empty title meanwhile.
      }
      return `export const title = ${JSON.stringify(title)}\nexport default { title }\n`
    },
    configureServer(server) {
      if (!validate) return
      server.watcher.add(configDir)
      const onChange = async (file: string) => {
        if (!file.startsWith(configDir) && !file.endsWith(join('src', 'app', 'routes.ts'))) return
        const before = errors.length
        await revalidate()
        if (errors.length) {
          server.config.logger.error(report())
          showInOverlay(server)
        } else if (before) {
          server.config.logger.info('页面配置校验通过')
          server.ws.send({ type: 'full-reload' })
        }
      }
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, (file) => void onChange(file))
      server.ws.on('connection', () => showInOverlay(server))
    },
  }
}
