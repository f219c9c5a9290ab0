// Vite plugin: the build's HTML names up front the chunks a first load needs, so the browser fetches them in
// parallel with the entry instead of one after another.
// - index.html preloads the app (router, layouts): src/main.tsx imports it dynamically, because a config page
//   opened directly renders without it (src/app/configShell).
// - Each config page gets its own `<route>/index.html` preloading that page's chunk, its blocks and the page
//   runtime, titled with the page's title; `config-pages.json` lists the routes so the server can send that
//   file for the route (any letter case, with or without the /app prefix).
// - `screen-templates.json` holds the templates the server renders screens and config pages into, and the light
//   shell's (LIGHT_SHELL_TEMPLATE) for a page published through the studio opened directly: the page runtime
//   preloaded, not the app.
import { readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import { configPagePaths } from '../src/page-config/routeParams'
import { CONFIG_DIR } from '../src/page-config/validate'
import {
  PAGE_SCRIPTS_ID,
  PATH_ATTRIBUTE,
  PRERENDER_BOOT_SCRIPT,
  VALID_FROM_ATTRIBUTE,
  VALID_UNTIL_ATTRIBUTE,
  type PageScripts,
} from '../src/page-config/prerenderBoot'
import type { PrerenderedPage } from '../src/app/configShell/prerender'
import { PRERENDER_ATTRIBUTE } from '../src/components/prerender'
import { SCREEN_DATA_ID } from '../src/app/ssr/payload'
import {
  escapeHtml,
  LIGHT_SHELL_TEMPLATE,
  SCREEN_SLOTS,
  SCREEN_TEMPLATES_FILE,
} from '../src/page-config/screenHtml'
import { PUBLISHED_PAGE_DATA_ID } from '../src/page-config/publishedPageData'
import { CONFIG_PAGE_DATA_ID } from '../src/page-config/configPageData'
import { configRouteBlock, pageMetaOf, type ConfigRouteData } from '../src/page-config/configRouteData'
import { configHtmlFile, screenHtmlFile } from '../server/platform/spaPages'
import { buildMoment } from './buildMoment'
import { renderAtBuild } from './prerender'

/** Lists the routes with their own HTML: `routes`, config pages (at `<route>/index.html`); `screens`, screens. */
export const CONFIG_PAGES_MANIFEST = 'config-pages.json'
const APP_MODULE = `${sep}src${sep}app${sep}App.tsx`
const CONFIG_PAGE_MODULE = `${sep}src${sep}page-runtime${sep}ConfigPage.tsx`
const PUBLISHED_SHELL_MODULE = `${sep}src${sep}app${sep}configShell${sep}publishedShell.tsx`
const BLOCK_LOADERS_MODULE = `${sep}src${sep}blocks${sep}loaders.ts`
const HYDRATE_SCREEN_MODULE = `${sep}src${sep}app${sep}ssr${sep}hydrateScreen.tsx`
const PAGE_MODULE = /^\0page-config-page:(.*)\.page\.js$/

/** The chunk files and stylesheets a chunk needs: itself and its static imports, transitively. */
export function closure(
  bundle: Rolldown.OutputBundle,
  start: Rolldown.OutputChunk[],
): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>()
  const css = new Set<string>()
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (js.has(chunk.fileName)) return
    js.add(chunk.fileName)
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
    for (const file of chunk.imports) {
      const next = bundle[file]
      if (next?.type === 'chunk') visit(next)
    }
  }
  start.forEach(visit)
  return { js, css }
}

/**
 * The HTML with preload links for these files (minus those the entry already loads) before </head>. `styled`:
 * the stylesheets apply at once (prerendered HTML needs them to show).
 */
function withPreloads(
  html: string,
  base: string,
  files: { js: Set<string>; css: Set<string> },
  entry: { js: Set<string>; css: Set<string> },
  styled = false,
  /** Fetched at low priority: after what the first paint needs. */
  later: ReadonlySet<string> = new Set(),
): string {
  const links = [
    // Else fetched early but applied by Vite's loader, which notices a stylesheet that failed
    // (src/lib/lazyChunk.ts).
    ...[...files.css]
      .filter((f) => !entry.css.has(f))
      .map((f) =>
        styled
          ? `<link rel="stylesheet" crossorigin href="${base}${f}">`
          : `<link rel="preload" as="style" crossorigin href="${base}${f}">`,
      ),
    ...[...files.js]
      .filter((f) => !entry.js.has(f))
      .map((f) =>
        later.has(f)
          ? `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${f}">`
          : `<link rel="modulepreload" crossorigin href="${base}${f}">`,
      ),
  ]
  return html.replace('  </head>', `    ${links.join('\n    ')}\n  </head>`)
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
/** The chunk fetched before the first paint (vite.config.ts names it): see PageScripts.early. */
const EARLY_CHUNK = /\/vendor-[\w-]+\.js$/

/**
 * A page whose #root holds its HTML: `attributes` and `content` of #root, `after` it (a data block); its
 * scripts are not in <head> but listed for the boot script, which starts them after the first paint
 * (src/page-config/prerenderBoot.ts).
 */
function withRenderedRoot(page: string, attributes: string, content: string, after = ''): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1]
  if (!entry) throw new Error('entry-html: no entry script in index.html')
  const preload = [...page.matchAll(MODULE_PRELOAD)].map((m) => m[1])
  const scripts: PageScripts = {
    entry,
    early: preload.filter((url) => EARLY_CHUNK.test(url)),
    preload: preload.filter((url) => !EARLY_CHUNK.test(url)),
  }
  return page
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root" ${attributes}>${content}</div>${after}` +
        // JSON of URLs only (no "<" in it): safe inside a data block.
        `<script type="application/json" id="${PAGE_SCRIPTS_ID}">${JSON.stringify(scripts)}</script>` +
        `<script>${PRERENDER_BOOT_SCRIPT}</script>`,
    )
}

/** A config page prerendered at build time: #root holds its HTML, the moment it was rendered for and how long that holds. */
function prerenderedPage(
  page: string,
  base: string,
  { html, snapshot, validFrom, validUntil }: PrerenderedPage,
): string {
  const attributes = [
    `${PRERENDER_ATTRIBUTE}="${escapeHtml(JSON.stringify(snapshot))}"`,
    `${PATH_ATTRIBUTE}="${escapeHtml(base.replace(/\/$/, '') + snapshot.pathname)}"`,
    validFrom === null ? '' : `${VALID_FROM_ATTRIBUTE}="${validFrom}"`,
    validUntil === null ? '' : `${VALID_UNTIL_ATTRIBUTE}="${validUntil}"`,
  ].filter(Boolean)
  return withRenderedRoot(page, attributes.join(' '), html)
}

/** The template a screen rendered by the server is sent in (src/page-config/screenHtml.ts). */
function screenTemplate(page: string, dataId = SCREEN_DATA_ID): string {
  return withRenderedRoot(
    page.replace(/<title>[^<]*<\/title>/, `<title>${SCREEN_SLOTS.title}</title>`),
    SCREEN_SLOTS.rootAttributes,
    SCREEN_SLOTS.root,
    `<script type="application/json" id="${dataId}">${SCREEN_SLOTS.data}</script>`,
  )
}

export function entryHtmlPlugin(options: { root: string }): Plugin {
  let base = '/'
  return {
    name: 'guoheng:entry-html',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      async handler(_output, bundle) {
        const html = bundle['index.html']
        if (html?.type !== 'asset' || typeof html.source !== 'string') return
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
        // The chunk a module starts, else the chunk holding it (a module imported statically elsewhere too may
        // be held in a shared chunk rather than one of its own).
        const byModule = (test: (id: string) => boolean) =>
          chunks.find((c) => c.facadeModuleId !== null && test(c.facadeModuleId)) ??
          chunks.find((c) => Object.keys(c.modules).some(test))
        const entry = closure(
          bundle,
          chunks.filter((c) => c.isEntry),
        )
        const app = byModule((id) => id.endsWith(APP_MODULE))
        // ConfigPage is imported statically by the published-page screens too: byModule finds the chunk holding it.
        const configPage = byModule((id) => id.endsWith(CONFIG_PAGE_MODULE))
        // What hydrates a screen the server rendered: fetched with the screen's own chunks, not a round trip
        // after them (src/main.tsx imports it once the entry runs).
        const hydrate = byModule((id) => id.endsWith(HYDRATE_SCREEN_MODULE))
        if (!app || !configPage || !hydrate)
          this.error('entry-html: the App, ConfigPage or hydrateScreen chunk is missing')
        const indexHtml = html.source

        html.source = withPreloads(indexHtml, base, closure(bundle, [app]), entry)
        const pages: { route: string; chunk: Rolldown.OutputChunk; title: string; data: ConfigRouteData }[] =
          []
        for (const chunk of chunks) {
          const file = PAGE_MODULE.exec(chunk.facadeModuleId ?? '')?.[1]
          if (!file) continue
          const relativeFile = relative(`${options.root}${sep}${CONFIG_DIR}`, file).split(sep).join('/')
          // One page per declared value of a route parameter (routeParams.ts), each with its own HTML.
          const config: unknown = JSON.parse(readFileSync(file, 'utf8'))
          for (const page of configPagePaths(relativeFile, config)) {
            // A config cannot claim "/" (the validation refuses the collision); never overwrite index.html.
            if (page.path === '/') continue
            const data = {
              path: page.path,
              params: page.params,
              meta: { ...pageMetaOf(config), title: page.title },
              module: `${base}${chunk.fileName}`,
            }
            pages.push({ route: page.path, chunk, title: page.title, data })
          }
        }
        const configTemplates: Record<string, string> = {}
        const { pages: prerendered, screens } = await renderAtBuild(
          options.root,
          pages.map((p) => p.route),
          buildMoment(),
          (message) => this.warn(message),
        )
        for (const { route, chunk, title, data } of pages) {
          const html = prerendered.get(route)
          const files = closure(bundle, [configPage, chunk])
          // The page names its own route: src/main.tsx starts it without the app's table of config routes.
          const routed = indexHtml.replace('  </head>', `    ${configRouteBlock(data)}\n  </head>`)
          const page = withPreloads(routed, base, files, entry, Boolean(html)).replace(
            /<title>[^<]*<\/title>/,
            `<title>${escapeHtml(title)}</title>`,
          )
          this.emitFile({
            type: 'asset',
            fileName: configHtmlFile(route),
            source: html ? prerenderedPage(page, base, html) : page,
          })
          // The server renders the page at request time, with its data, into this (src/app/ssr/renderScreen.tsx);
          // the file above is what it sends when it does not.
          configTemplates[route] = screenTemplate(
            withPreloads(routed, base, files, entry, true),
            CONFIG_PAGE_DATA_ID,
          )
        }
        // Each screen with a fixed path gets an HTML preloading its own chunks too, so they load in parallel
        // with the app's rather than once the router has matched the URL; after the app's, which draw the
        // frame (title bar, placeholder) first.
        // The server renders a screen into its template: the screen's stylesheets applied, its scripts
        // started after the first paint (to hydrate it).
        const appFiles = closure(bundle, [app])
        const screenPaths: string[] = []
        // Config routes and screen routes never share a path (the config validation refuses it).
        const templates: Record<string, string> = { ...configTemplates }
        for (const [route, module] of screens) {
          const chunk = byModule((id) => id === `${options.root}${module}`.split('/').join(sep))
          if (!chunk) this.error(`entry-html: no chunk for the screen ${route} (${module})`)
          const files = closure(bundle, [app, chunk])
          templates[route] = screenTemplate(
            withPreloads(indexHtml, base, closure(bundle, [app, chunk, hydrate]), entry, true),
          )
          if (route.includes(':')) continue
          const later = new Set([...files.js].filter((f) => !appFiles.js.has(f)))
          this.emitFile({
            type: 'asset',
            fileName: screenHtmlFile(route),
            source: withPreloads(indexHtml, base, files, entry, false, later),
          })
          screenPaths.push(route)
        }
        // A page published through the studio, opened directly, is rendered by the server in the light shell
        // (src/app/configShell/publishedShell.tsx): the page runtime and its boot preloaded, not the app; its
        // blocks load when the boot reads the embedded config (only those it shows), through the table of block
        // chunks (preloaded too: the runtime fetches it on first need, src/blocks/registry.ts).
        const publishedShell = byModule((id) => id.endsWith(PUBLISHED_SHELL_MODULE))
        const blockTable = byModule((id) => id.endsWith(BLOCK_LOADERS_MODULE))
        if (!publishedShell || !blockTable)
          this.error('entry-html: the published-page light shell or the block table chunk is missing')
        templates[LIGHT_SHELL_TEMPLATE] = screenTemplate(
          withPreloads(
            indexHtml,
            base,
            closure(bundle, [configPage, publishedShell, blockTable]),
            entry,
            true,
          ),
          PUBLISHED_PAGE_DATA_ID,
        )
        this.emitFile({ type: 'asset', fileName: SCREEN_TEMPLATES_FILE, source: JSON.stringify(templates) })
        const routes = pages.map((p) => p.route)
        this.emitFile({
          type: 'asset',
          fileName: CONFIG_PAGES_MANIFEST,
          source: `${JSON.stringify({ routes: routes.sort(), screens: screenPaths.sort() }, null, 2)}\n`,
        })
      },
    },
  }
}
