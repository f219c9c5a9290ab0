import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './scripts/chromium'
import { freePort } from './scripts/freePort'

// One real server (built SPA + API) on a free loopback port with a throwaway DATA_DIR.
// The config is evaluated in the runner and in every worker: the first evaluation picks the port and
// data dir and leaves them in the environment, which the workers inherit.
process.env.E2E_PORT ??= String(await freePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'mall-e2e-'))
// A test that starts a server of its own (tests/server/serverProcess.ts) runs this build's, as the suite's does.
process.env.SERVER_BUILD ??= resolve('dist/server')
const port = Number(process.env.E2E_PORT)
export const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers share the server: every test logs in its own user. A file's tests run in order in one worker
  // (the sweep's routes in both). Tests that change the server for everyone (move its clock, make the sandbox
  // partner fail) say so with @server-wide in their title: they run last, one at a time. A test that fails is a bug to find, not to retry.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    ...devices['Pixel 7'],
    // Layout is checked in CSS pixels. On this machine Chromium paints in software, and a phone's 2.6 device
    // pixels per CSS pixel paint seven times as many pixels: the config-page sweep took 40 % longer.
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    // A failed test leaves what its page showed (test-results/, not committed): cheap, and says more than a log.
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'shared', grepInvert: /@server-wide/ },
    { name: 'server-wide', grep: /@server-wide/, workers: 1, dependencies: ['shared'] },
  ],
  webServer: {
    command: 'node dist/server/index.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_MODE: 'demo',
      LOG_LEVEL: 'warn',
      TEST_CLOCK: 'on',
      // `npm run test:e2e` sets E2E_START: the server's clock (and, through support/test.ts, each browser's)
      // starts there, and the build prerendered for that moment, so the seed's dated campaigns are live
      // whatever the real date.
      ...(process.env.E2E_START ? { TEST_CLOCK_START: process.env.E2E_START } : {}),
      // logInByApi gives each login its own client address (support/session.ts).
      TRUST_PROXY: '127.0.0.1',
      // The sandbox's QR code opens the pay page on the address the tests use (not localhost).
      PUBLIC_URL: baseURL,
    },
  },
})
