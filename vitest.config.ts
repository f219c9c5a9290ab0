import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { markdownTreePlugin } from './scripts/markdownTreePlugin'
import { pageConfigsPlugin } from './scripts/page-configs/vitePlugin'

// Projects by what a test needs (docs/testing.md): "web" (jsdom), "unit" (node, no database, no process),
// "db" (server tests on a database: PGlite, or PostgreSQL with DATABASE_URL) and "processes" (tests that start
// the server or a script as its own process). The machine has 2 cores: at most 2 workers.
//
// In the Node projects a worker keeps its modules from one test file to the next (`isolate: false`): importing
// the server again for every file was a third of their time. Each server test still gets its own app and
// database. A file that replaces a module (vi.mock) needs a module registry of its own: it is listed here and
// runs in "db-isolated". The "web" project does the same (see web-isolated below).
// wechatJsSdk runs the stand-in JS-SDK in a jsdom window: jsdom copies the worker's globals into the window, and
// one a module of an earlier file defined (a global Iterator, which Node 20 lacks) fails it there.
const ownModules = ['tests/server/uploadLimits.test.ts', 'tests/server/wechatJsSdk.test.ts']

// The same in the browser projects: these replace a module (vi.mock), reset the registry (vi.resetModules) or
// test a chunk's first arrival, and run in "web-isolated". The rest share a worker's modules and jsdom window
// (vitest sets the environment up once per worker); globals and spies a test sets are undone after it
// (unstubGlobals, restoreMocks), and shared helpers set what a test needs when it calls them, not in a
// module-level hook (a worker evaluates such a module for its first file only).
//
// On warm modules a test is quick enough to tap an antd-mobile dialog within the first animation frame of its
// opening; react-spring 9.6 then never calls the onRest antd-mobile unmounts it in, and it stayed in the document.
// Tests tap an overlay once it takes pointer events, as a user does: `tappable` (tests/src/harness/overlays.ts),
// and user-event's pointer-events check stays on (docs/testing.md).
const ownWebModules = [
  'tests/src/app/publishedPages/StudioPreviewScreen.test.tsx',
  'tests/src/studio/PageScreen.test.tsx',
  'tests/src/studio/collab.test.tsx',
  'tests/src/studio/preload.test.tsx',
  'tests/src/blocks/lazyBlocks.test.tsx',
  'tests/src/features/purchase/draft.test.ts',
  'tests/src/components/StatusViews.test.tsx',
  'tests/src/features/catalog/product/SheetOffline.test.tsx',
  'tests/src/features/partners/flowState.test.ts',
  'tests/src/components/PhotoUploader.test.tsx',
  'tests/src/lib/analytics/configPage.test.tsx',
  'tests/src/lib/analytics/consent.test.tsx',
]
// The request layer runs against a real HTTP server: Node's fetch, in the unit project; the server's renderer of
// screens runs where it runs for real, in Node. The rest of tests/src/lib (analytics) is browser code: web.
const webExclude = ['tests/src/lib/request/**', 'tests/src/app/ssr/**']
const web = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'jsdom',
    // A block's test lives in its folder (src/blocks/<type>/).
    include: ['tests/src/**/*.test.{ts,tsx}', 'src/blocks/**/*.test.{ts,tsx}'],
    exclude: webExclude,
    setupFiles: ['tests/setup-web.ts'],
    testTimeout: 20000,
    // Globals a test stubs and spies it sets are undone after it.
    unstubGlobals: true,
    restoreMocks: true,
    ...test,
  },
})

// Server tests that never open a database.
const serverUnits = [
  'tests/server/modules.test.ts',
  'tests/server/aliyunSms/**/*.test.ts',
  'tests/server/wechatpay/**/*.test.ts',
  'tests/server/partners/{adapter,config,occupation}.test.ts',
]
// Tests that spawn the server or a script (tests/server/serverProcess.ts, raceCluster.ts, execFile).
const processTests = [
  'tests/server/persistence.test.ts',
  'tests/server/production.test.ts',
  'tests/server/idempotencyKill.test.ts',
  'tests/server/reconcileCommand.test.ts',
  'tests/server/campaignResultCommand.test.ts',
  'tests/server/pageConfigValidation.test.ts',
  'tests/server/races.test.ts',
  'tests/server/*Race.test.ts',
  'tests/scripts/validate-configs.test.ts',
]

// Node projects load antd-mobile's ES modules as `vite build` bundles them for the server (the screen renderer):
// they import their CSS, which Node's loader cannot.
const node = (
  name: string,
  test: TestProjectInlineConfiguration['test'],
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    server: { deps: { inline: ['antd-mobile', 'rc-util'] } },
    testTimeout: 30000,
    hookTimeout: 60000,
    isolate: false,
    ...test,
  },
  resolve: { alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }] },
})

export default defineConfig({
  // pageConfigsPlugin serves the title-only page-configs/*.json?meta modules the route table imports.
  plugins: [react(), markdownTreePlugin(), pageConfigsPlugin({ root: import.meta.dirname, validate: false })],
  test: {
    maxWorkers: 2,
    projects: [
      web('web', { exclude: [...webExclude, ...ownWebModules], isolate: false }),
      web('web-isolated', { include: ownWebModules }),
      node('unit', {
        include: [
          'tests/domain/**/*.test.ts',
          'tests/scripts/**/*.test.ts',
          'tests/src/lib/request/**/*.test.ts',
          'tests/src/app/ssr/**/*.test.tsx',
          ...serverUnits,
        ],
        exclude: processTests,
      }),
      node('db', {
        include: ['tests/server/**/*.test.ts'],
        exclude: [...serverUnits, ...processTests, ...ownModules],
        globalSetup: ['tests/server/databaseTemplate.ts'],
      }),
      node('db-isolated', {
        include: ownModules,
        globalSetup: ['tests/server/databaseTemplate.ts'],
        isolate: true,
      }),
      node('processes', {
        include: processTests,
        globalSetup: ['tests/server/databaseTemplate.ts', 'tests/server/serverBuild.ts'],
      }),
    ],
  },
})
