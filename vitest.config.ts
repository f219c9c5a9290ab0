import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { markdownTreePlugin } from './scripts/markdownTreePlugin'
import { pageConfigsPlugin } from './scripts/page-configs/vitePlugin'

// Two projects: "web" (jsdom, components and browser code) and "server" (node: API, scripts, domain).
// The machine has 2 cores: at most 2 workers.
export default defineConfig({
  // pageConfigsPlugin serves the title-only page-configs/*.json?meta modules the route table imports.
  plugins: [react(), markdownTreePlugin(), pageConfigsPlugin({ root: import.meta.dirname, validate: false })],
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // A block's test lives in its folder (src/blocks/<type>/).
          include: ['tests/src/**/*.test.{ts,tsx}', 'src/blocks/**/*.test.{ts,tsx}'],
          // The request layer runs against a real HTTP server: Node's fetch, in the node project; the server's
          // renderer of screens runs where it runs for real, in Node.
          exclude: ['tests/src/lib/**', 'tests/src/app/ssr/**'],
          setupFiles: ['tests/setup-web.ts'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/scripts/**/*.test.ts',
            'tests/domain/**/*.test.ts',
            'tests/src/lib/**/*.test.ts',
            'tests/src/app/ssr/**/*.test.tsx',
          ],
          // As `vite build` bundles them for the server: antd-mobile's ES modules, which import their CSS (Node's
          // loader cannot).
          server: { deps: { inline: ['antd-mobile', 'rc-util'] } },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
        resolve: {
          alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }],
        },
      },
    ],
  },
})
