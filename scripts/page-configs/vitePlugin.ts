// Vite plugin: runs the config validation at build start (a bad config fails `vite build` with the same
// lines as the CLI), shows errors in the dev overlay and clears them when the file is fixed, serves
// the `page-configs/*.json?meta` modules (title, data sources, route parameters) the route table is built from and the `?page` modules a
// config route loads (config + its block components, see pageModule.ts; in a client build, the page's own copies
// of them, so that each config page's blocks arrive as one file), and compiles each config's markdown
// into the config module, brought to the current schema (so config pages ship no markdown parser and no
// migrations).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { formatError, type ConfigError } from '../../src/page-config/errors'
import { browserConfig } from '../../src/page-config/browserConfig'
import { isObject } from '../../src/page-config/json'
import { withCompiledMarkdown } from '../../src/page-config/markdown'
import { currentPageConfig } from '../../src/page-config/migrations'
import { pageMetaOf } from '../../src/page-config/configRouteData'
import { COPY_QUERY, pageModuleSource } from './pageModule'
import { staticClosure } from './staticImports'
import { buildMoment } from '../buildMoment'
import { closure } from '../entryHtmlPlugin'
import { CONFIG_DIR, validateConfigFiles } from '../../src/page-config/validate'

const META_PREFIX = '\0page-config-meta:'
const META_SUFFIX = '.title.js'
const PAGE_PREFIX = '\0page-config-page:'
const PAGE_SUFFIX = '.page.js'

/**
 * `validate: false` (vitest) only serves the title modules; npm test validates the configs itself.
 * `shared`: a client build gives each config page its own copy of the modules its blocks bring (one chunk per
 * page, see pageModule.ts), except these: the entry's and the page runtime's modules with what they import
 * (`entries`, and the source files a pattern of `patterns` matches), one instance each, in the app's chunks.
 */
export function pageConfigsPlugin(options: {
  root: string
  validate?: boolean
  shared?: { entries: string[]; patterns: RegExp[] }
}): Plugin {
  const { root, validate = true, shared } = options
  const srcDir = join(root, 'src') + sep
  let keep: Set<string> | undefined
  const copyable = (id: string) => !!keep && id.startsWith(srcDir) && /\.tsx?$/.test(id) && !keep.has(id)
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
      keep =
        shared && !this.meta.watchMode && this.environment?.name === 'client'
          ? sharedModules(root, shared.entries, shared.patterns)
          : undefined
      // Once per build: the server's renderer (ssr) is built from the same configs right after the app.
      if (!validate || (this.environment && this.environment.name !== 'client')) return
      await revalidate()
      if (!errors.length) return
      if (this.meta.watchMode) this.warn(report())
      else this.error(report())
    },
    async resolveId(source, importer, resolveOptions) {
      if (keep && importer) {
        if (source.includes(COPY_QUERY)) return source
        const at = importer.indexOf(COPY_QUERY)
        if (at >= 0) {
          const resolved = await this.resolve(source, importer.slice(0, at), {
            ...resolveOptions,
            skipSelf: true,
          })
          // What a copy loads on demand (import()) stays one chunk for every page.
          if (
            !resolved ||
            resolved.external ||
            !copyable(resolved.id) ||
            resolveOptions.kind === 'dynamic-import'
          )
            return resolved
          return { ...resolved, id: resolved.id + importer.slice(at) }
        }
      }
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
        // A client build: the page's own copies, of the blocks it can show from the build's moment on.
        // A client build: the page's own copies, of the blocks it can show from the build's moment on.
        return pageModuleSource(
          root,
          file,
          config,
          keep ? { copyKey: file.slice(configDir.length + 1).replace(/\W+/g, '_'), now: buildMoment() } : {},
        )
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
    // Rolldown copies a small shared chunk into each chunk that uses it and runs it once, from whichever loads
    // first; a page's chunk that needs one none of its own imports carries fails on load ("Shared chunk ... was
    // not registered"). Modules shared rather than copied must therefore come with the page's static imports.
    generateBundle(_, bundle) {
      if (!keep) return
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
      const entries = chunks.filter((c) => c.isEntry)
      // Modules in no chunk were shaken out (antd-mobile's barrel, type-only files).
      const bundled = new Set(chunks.flatMap((c) => c.moduleIds))
      for (const chunk of chunks) {
        if (!chunk.moduleIds.some((id) => id.startsWith(PAGE_PREFIX))) continue
        // The app's entry (loaded before any page) and what the page's chunk imports.
        const loaded = [...closure(bundle, [chunk, ...entries]).js]
        const present = new Set(loaded.flatMap((file) => (bundle[file] as typeof chunk).moduleIds))
        for (const id of chunk.moduleIds)
          for (const dep of this.getModuleInfo(id)?.importedIds ?? [])
            if (bundled.has(dep) && !present.has(dep))
              this.error(`${chunk.fileName}: ${dep} (imported by ${id}) does not come with the page's chunks`)
      }
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
      // Still JSON: Vite's JSON plugin turns it into the module. Migrated here, once, for every host of the page;
      // the browser's copy without what only the server needs (browserConfig.ts).
      const current = currentPageConfig(config)
      const shipped =
        this.environment?.name === 'client' && isObject(current) ? browserConfig(current) : current
      const json = withCompiledMarkdown(JSON.stringify(shipped))
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

function sharedModules(root: string, entries: string[], patterns: RegExp[]): Set<string> {
  const src = join(root, 'src')
  const matching = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => join(src, file))
    .filter((file) => patterns.some((re) => re.test(file)))
  return staticClosure([...entries.map((file) => join(root, file)), ...matching])
}
