import { dirname, relative, resolve, sep } from 'node:path'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Import direction (docs/architecture.md):
// app -> features, page-runtime -> blocks -> components, state -> lib, domain, config, types
// `allowed`: files of a forbidden layer that may still be imported (paths below src/).
const layer = (name, forbidden, allowed = []) => {
  const except = allowed.length ? `(?!(${allowed.join('|')})$)` : ''
  return {
    files: [`src/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((f) => ({
              regex: `^(\\.\\./)+${except}${f}(/|$)`,
              message: `src/${name} must not import src/${f} (docs/architecture.md import direction).`,
            })),
            lazyDialog,
          ],
          paths: [overlays],
        },
      ],
    },
  }
}
// antd-mobile's imperative overlays need the render that src/components/overlays.ts installs.
const overlays = {
  name: 'antd-mobile',
  importNames: ['ActionSheet', 'Dialog', 'Modal', 'Toast'],
  message: 'Import the overlays from src/components/overlays (it installs their React 19 render).',
}
// A screen imported with Dialog from overlays.ts loads antd-mobile's overlays and animation libraries at once.
const lazyDialog = {
  regex: '(^|/)components/overlays$',
  importNames: ['Dialog'],
  message: 'Import Dialog from src/components/dialog (it loads the overlays on first use).',
}
// A feature's public surface is its paths.ts (paths, href builders), routes.ts (its route list) and api.ts (hooks):
// another feature, a block or the page runtime may import those and nothing else of it (docs/architecture.md). Only src/app may reach
// further (it mounts screens and providers).
const featuresDir = resolve(import.meta.dirname, 'src/features')
const featureOf = (file) => {
  const inside = relative(featuresDir, file)
  if (inside.startsWith('..') || inside === '') return undefined
  const [area, ...rest] = inside.split(sep)
  return { area, rest: rest.join('/').replace(/\.tsx?$/, '') }
}
const featureBoundaryRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = featureOf(context.filename)?.area
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return
      const target = featureOf(resolve(dirname(context.filename), source.value))
      if (!target || target.area === own || ['paths', 'routes', 'api'].includes(target.rest)) return
      context.report({
        node: source,
        message: `Import only paths.ts, routes.ts or api.ts of src/features/${target.area}; move what is shared to src/components/ (docs/architecture.md).`,
      })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    }
  },
}
const featureBoundaries = {
  files: ['src/features/**/*.{ts,tsx}', 'src/blocks/**/*.{ts,tsx}', 'src/page-runtime/**/*.{ts,tsx}'],
  plugins: { features: { rules: { boundaries: featureBoundaryRule } } },
  rules: { 'features/boundaries': 'error' },
}
const ui = ['app', 'features', 'page-runtime', 'blocks', 'components', 'state']

// Every request goes through its area's api.ts (the studio's: src/studio/api/), so an API path is written once, next
// to its fetcher and SWR key. Tests name the wire paths they assert; apiPaths.ts is the config pages' allow-list.
const apiMessage = "API paths live in their area's api.ts: call its fetcher or hook (docs/architecture.md)."
const apiPathsInApiFiles = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/api.ts', 'src/studio/api/**', 'src/page-config/apiPaths.ts', 'src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'Literal[value=/^\\/api\\//]', message: apiMessage },
      { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: apiMessage },
    ],
  },
}

// The page-config core and the block checks it loads run in the CLI, the Vite build and the server: no UI.
const uiPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd-mobile',
  'antd-mobile-icons',
  'swr',
  'valtio',
]
const uiFree = (files, relative, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: uiPackages.map((name) => ({ name, message })),
        patterns: [
          { regex: `^(${uiPackages.join('|')})/`, message },
          { regex: '\\.(tsx|css)$', message },
          { regex: relative, message },
        ],
      },
    ],
  },
})

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'src/types/generated',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  // The operations studio (src/studio, its own entry and bundle) and the consumer app never import each other.
  layer('app', ['studio']),
  layer('features', ['app', 'page-runtime', 'studio']),
  layer('page-runtime', ['app', 'features', 'studio']),
  layer('blocks', ['app', 'page-runtime', 'studio']),
  layer('components', ['app', 'features', 'page-runtime', 'blocks', 'studio']),
  layer('state', ['app', 'features', 'page-runtime', 'blocks', 'components', 'studio']),
  layer('lib', [...ui, 'studio']),
  layer('config', [...ui, 'lib', 'domain', 'studio']),
  layer('domain', [...ui, 'lib', 'config', 'studio']),
  // The studio draws markdown with the page's own renderer, so its previews show what the page shows.
  layer('studio', ['app', 'features', 'page-runtime', 'components', 'state'], ['components/MarkdownTree']),
  uiFree(
    ['src/page-config/**/*.ts'],
    // Of src/blocks, only the blocks' checks (the generated catalog imports them).
    '^\\.\\./(?!blocks/[a-z0-9-]+/checks$|types/generated/)',
    'src/page-config is UI-free: it imports only itself, src/types/generated and src/blocks/<type>/checks.',
  ),
  uiFree(
    ['src/blocks/*/checks.ts'],
    '^\\.(?!\\./\\.\\./page-config/|\\./[a-z0-9-]+/checks$)',
    "A block's checks.ts runs in the CLI and the server: it imports only src/page-config and other checks.ts.",
  ),
  featureBoundaries,
  apiPathsInApiFiles,
  // antd-mobile's dialogs and popups take taps once their opening animation has ended; a test that taps one sooner
  // can close it before its first frame, and it is never unmounted (tests/src/harness/overlays.ts).
  {
    files: ['tests/src/**/*.{ts,tsx}', 'src/blocks/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name="pointerEventsCheck"]',
          message:
            "Keep user-event's pointer-events check: wait with tappable() (tests/src/harness) instead.",
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/src/(?!(domain|page-config|types/generated)(/|$))',
              message:
                'server/ may import only src/domain, src/page-config, src/types/generated and schemas/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
)
