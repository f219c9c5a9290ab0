// Vite plugin: runs the config validation at build start (a bad config fails `vite build` with the same
// lines as the CLI), shows errors in the dev overlay and clears them when the file is fixed, serves
// the `page-configs/*.json?meta` modules (title, data sources, route parameters) the route table is built from and the `?page` modules a
// config route loads (config + its block components, see pageModule.ts), and compiles each config's markdown
// into the config module, brought to the current schema (so config pages ship no markdown parser and no
// migrations).
import { readFileSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { formatError, type ConfigError } from '../../src/page-config/errors'
import { isObject } from '../../src/page-config/json'
import { withCompiledMarkdown } from '../../src/page-config/markdown'
import { currentPageConfig } from '../../src/page-config/migrations'
import { pageMetaOf } from '../../src/page-config/configRouteData'
import { pageModuleSource } from './pageModule'
import { CONFIG_DIR, validateConfigFiles } from '../../src/page-config/validate'

const META_PREFIX = '\0page-config-meta:'
const META_SUFFIX = '.title.js'
const PAGE_PREFIX = '\0page-config-page:'
const PAGE_SUFFIX = '.page.js'

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
      // Once per build: the server's renderer (ssr) is built from the same configs right after the app.
      if (!validate || (this.environment && this.environment.name !== 'client')) return
      await revalidate()
      if (!errors.length) return
      if (this.meta.watchMode) this.warn(report())
      else this.error(report())
    },
    resolveId(source, importer) {
      const kind = /\.json\?(meta|page)$/.exec(source)?.[1]
      if (!kind || !importer) return null
      const file = resolve(dirname(importer.replace(/^\0/, '')), source.slice(0, source.lastIndexOf('?')))
      // The id must not end in .json, or Vite's JSON plugin would parse this module as JSON.
      return kind === 'meta' ? META_PREFIX + file + META_SUFFIX : PAGE_PREFIX + file + PAGE_SUFFIX
    },
    load(id) {
      if (id.startsWith(PAGE_PREFIX)) {
        const file = id.slice(PAGE_PREFIX.length, -PAGE_SUFFIX.length)
        this.addWatchFile(file)
        let config: unknown
        try {
          config = JSON.parse(readFileSync(file, 'utf8'))
        } catch {
          // Reported by the validation; the module still loads the file (and fails there in dev).
        }
        return pageModuleSource(root, file, config)
      }
      if (!id.startsWith(META_PREFIX)) return null
      const file = id.slice(META_PREFIX.length, -META_SUFFIX.length)
      this.addWatchFile(file)
      let parsed: unknown
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'))
      } catch {
        // A broken file is reported by the validation; the route keeps an empty title meanwhile.
      }
      // The data sources let the route start fetching the page's data before its chunk has arrived.
      // routeParams: the values of the route's parameters, one route (and page) per value (routeParams.ts).
      return `export default ${JSON.stringify(pageMetaOf(parsed))}\n`
    },
    transform(code, id) {
      if (!id.startsWith(configDir + sep) || !id.endsWith('.json')) return null
      let config: unknown
      try {
        config = JSON.parse(code)
      } catch {
        return null // reported by the validation
      }
      if (!isObject(config)) return null
      // Still JSON: Vite's JSON plugin turns it into the module. Migrated here, once, for every host of the page.
      const json = withCompiledMarkdown(JSON.stringify(currentPageConfig(config)))
      return json === null ? null : { code: json, map: null }
    },
    configureServer(server) {
      if (!validate) return
      server.watcher.add(configDir)
      const onChange = async (file: string) => {
        if (
          !file.startsWith(configDir) &&
          !file.endsWith('compliance-rules.json') &&
          !/src[\\/](app[\\/]routes|features[\\/][^\\/]+[\\/](routes|paths))\.ts$/.test(file)
        )
          return
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
      for (const event of ['add', 'change', 'unlink'] as const)
        server.watcher.on(event, (file) => void onChange(file))
      server.ws.on('connection', () => showInOverlay(server))
    },
  }
}
