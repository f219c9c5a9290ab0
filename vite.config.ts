import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { entryHtmlPlugin } from './scripts/entryHtmlPlugin'
import { markdownTreePlugin } from './scripts/markdownTreePlugin'
import { pageConfigsPlugin } from './scripts/page-configs/vitePlugin'
import { precompressPlugin } from './scripts/precompressPlugin'
import { SERVER_ENVIRONMENT, serverBuildPlugin } from './scripts/serverBuildPlugin'
import { STUDIO_HTML, studioEntryPlugin } from './scripts/studioEntryPlugin'

const apiPort = process.env.API_PORT ?? '8080'

// Code every screen needs on its first load, kept in two chunks instead of a dozen small ones: each request
// costs a phone more than its bytes (bench:pages). VENDOR: React, data fetching and state libraries. SHELL: the
// app's stores, constants (not the login's agreements), request layer, the member area's href builders (the login's), session and notices,
// the prerender snapshot's context, the app's line icons, Vite's preload helper, plus what every page of the
// build loaded as small files of its own (bench:routes): antd-mobile's global styles, Button, its loading dots
// and ConfigProvider, classnames, tslib, and the lazy-load retry. The other features' href builders go with the
// chunks that link there (a config page links to few); SWR's infinite lists stay with the list screens. (antd-mobile's barrel cannot join: its dependencies would bring all of antd-mobile; it is
// side-effect free instead, the plugin below.)
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|swr(?![\\/]dist[\\/]infinite)|valtio|proxy-compare|use-sync-external-store)[\\/]/
const SHELL =
  /([\\/]src[\\/](state[\\/][^\\/]+|config[\\/](app|constants|router|theme)|lib[\\/](request[\\/][^\\/]+|href|lazyWithRetry)|features[\\/]member[\\/](session|api|paths)|components[\\/](prerender|icons)|components[\\/]notice[\\/](NotificationHost|notificationStore))\.tsx?$)|antd-mobile[\\/]es[\\/](global|components[\\/](button|dot-loading)|utils[\\/]attach-properties-to-component)[\\/.]|node_modules[\\/](classnames|tslib)[\\/]|vite[\\/]preload-helper/

// A config page's runtime and what every block module shares with it (the block context, the action hook, the
// loading and error views): one chunk, the page's, which each block chunk imports, instead of a copy of the
// shared parts in every block chunk (experimentalInlineCommonChunks below copies common chunks into importers).
const PAGE_RUNTIME =
  /[\\/]src[\\/](page-runtime[\\/](ConfigPage|BlockRenderer|BlockBoundary|actions|usePageClock|blockPlaces|bindings|preparePage|share|preview)|blocks[\\/](runtime|useBlockAction|registry|shared[\\/]BlockStatus)|page-config[\\/](colors|conditions))\.tsx?$/

// Chunks the entry loads before anything else runs (the groups above and rolldown's runtime).
const ENTRY_LOADED = /(^|\/)assets\/(vendor|shell|rolldown-runtime)-[\w-]+\.js$/

const ANTD_MOBILE_BARREL = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/

// The studio's UI kit core, one long-cached chunk apart from the studio's own code.
const STUDIO_UI_CORE =
  /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|locale|style)|@ant-design[\\/](cssinjs|colors|fast-color)|@rc-component[\\/]util|@babel[\\/]runtime)[\\/]/

// The SPA is served from VITE_BASE_PATH (default "/"); the API stays at /api on the same origin.
export default defineConfig(({ command }) => ({
  base: process.env.VITE_BASE_PATH ?? '/',
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    markdownTreePlugin(),
    pageConfigsPlugin({
      root: import.meta.dirname,
      // Each config page's blocks in one chunk of its own (scripts/page-configs/vitePlugin.ts).
      shared: { entries: ['src/main.tsx'], patterns: [SHELL, PAGE_RUNTIME] },
    }),
    entryHtmlPlugin({ root: import.meta.dirname }),
    precompressPlugin(),
    studioEntryPlugin(),
    serverBuildPlugin({ root: import.meta.dirname }),
    // antd-mobile's barrel only re-exports, besides importing its global styles (src/main.tsx imports those
    // itself): marked side-effect free (its package.json says otherwise, which only a transform can override),
    // it no longer costs every page a request for an empty chunk of its own.
    {
      name: 'guoheng:antd-mobile-barrel',
      transform: (code: string, id: string) =>
        ANTD_MOBILE_BARREL.test(id) ? { code, moduleSideEffects: false } : undefined,
    },
  ],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  // `vite build` builds every environment: the app (client, into dist/), the server's renderer of screens
  // (ssr, into dist/server/; server/platform/screenRendering.ts loads it), the studio, and the server itself
  // (into dist/server/index.js, what `npm start` runs).
  builder: {},
  environments: {
    client: {
      build: {
        rollupOptions: {
          preserveEntrySignatures: false,
          output: {
            // Common chunks under 16 KiB of source are copied into the chunks that import them rather than
            // fetched on their own: a screen took 30 to 80 files, most under 1 KiB (antd-mobile's parts, small
            // helpers), each a request a phone on a slow network waits for. The copies cost less than the
            // requests did (bench:routes: /product 82 files -> 11, gzip 234 -> 175 KiB with the lazy sheets).
            codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } },
          },
        },
      },
    },
    ssr: {
      // Built, everything is bundled as for the browser: antd-mobile's ES modules import their CSS (dropped
      // here), and Node's loader would take some packages' CommonJS builds where the app expects ES modules.
      // Served (the build's prerender of config pages, scripts/prerender.ts), only what Node cannot load.
      resolve: { noExternal: command === 'build' ? true : ['antd-mobile', 'rc-util'] },
      build: {
        outDir: 'dist/server',
        copyPublicDir: false,
        rollupOptions: { input: 'src/app/ssr/renderScreen.tsx' },
      },
    },
    // The operations studio (/studio/, desktop, antd): built after the app into the same folder
    // (studio/index.html, assets/studio-*), as an environment of its own so that none of its modules changes
    // the consumer's chunks; consumers never load it.
    ...(command === 'build'
      ? {
          studio: {
            consumer: 'client' as const,
            build: {
              emptyOutDir: false,
              copyPublicDir: false,
              // A desktop tool for staff on current browsers: antd's logical properties and modern selectors are
              // kept as they are, not lowered into a stylesheet twice the size (bench:studio).
              target: 'es2022',
              // Its stylesheets stay with its screens (the app's are one file, below).
              cssCodeSplit: true,
              cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
              chunkSizeWarningLimit: 600,
              rollupOptions: {
                input: STUDIO_HTML,
                output: {
                  entryFileNames: 'assets/studio-[name]-[hash].js',
                  chunkFileNames: 'assets/studio-[name]-[hash].js',
                  assetFileNames: 'assets/studio-[name]-[hash][extname]',
                  codeSplitting: {
                    groups: [
                      { name: 'react', test: VENDOR },
                      // antd's core (styles engine, shared rc utilities, dayjs); its components go with the
                      // screens that use them, so opening the editor loads only the editor's.
                      { name: 'antd', test: STUDIO_UI_CORE },
                    ],
                  },
                },
              },
            },
          },
          // The API server, compiled for Node after the renderer into the same folder: production runs
          // JavaScript and transpiles nothing on start. Packages stay imports (the dependencies installed
          // beside it); files the server reads (schemas, migrations, page configs) stay in the repository.
          [SERVER_ENVIRONMENT]: {
            consumer: 'server' as const,
            resolve: { external: true as const },
            build: {
              outDir: 'dist/server',
              emptyOutDir: false,
              copyPublicDir: false,
              target: 'node20',
              minify: false,
              rollupOptions: {
                // The server, its render threads, and the operations commands that run beside it in production.
                input: {
                  index: 'server/index.ts',
                  renderWorker: 'server/platform/renderWorker.ts',
                  reconcile: 'scripts/reconcile.ts',
                  'campaign-result': 'scripts/campaign-result.ts',
                  'staff-add': 'scripts/staff-add.ts',
                },
                output: { entryFileNames: '[name].js', chunkFileNames: 'api/[name]-[hash].js' },
              },
            },
          },
        }
      : {}),
  },
  build: {
    target: 'es2020',
    // Browsers without <link rel=modulepreload> (Safari before 17) just fetch the chunks when imported;
    // the polyfill would cost every page its bytes.
    // An import() runs after the entry's chunks (React, the shell, rolldown's runtime) have loaded: its list of
    // chunks to fetch alongside leaves them out (the lists sit in the first chunks every page loads).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !ENTRY_LOADED.test(dep)) : deps,
    },
    // One stylesheet for every screen and config page (about 25 KiB gzip), fetched once and cached: a first
    // load otherwise fetched 10 to 24 render-blocking files, one round trip after another on a slow network.
    cssCodeSplit: false,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Class fields (the request errors' `name`, a cache's map) become plain assignments when lowered for
      // es2020, not defineProperty calls through helpers that the chunks with a class carried.
      transform: { assumptions: { setPublicClassFields: true } },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR },
            { name: 'shell', test: SHELL },
            { name: 'ConfigPage', test: PAGE_RUNTIME, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}))
