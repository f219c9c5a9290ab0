// npm run bench:pages: builds the app and the plain-React baseline, starts the real server, and loads a config
// page and the baseline in headless Chromium (412x823, 4x CPU throttling), 5 cold loads each. Prints the median
// time until the blocks are rendered, the ratio, and the gzip JS fetched before ready. Loads of the two pages
// alternate, so background load on the machine affects both alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { build, createBuilder } from 'vite'
import react from '@vitejs/plugin-react'
import { startServer, stopServer } from './benchServer'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
import { freePort } from './freePort'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const LOADS = 5
const CONFIG_PAGE = '/preheatActivity'
const PLAIN_PAGE = '/bench-plain/index.html'
const READY = [
  '[data-testid="product-card"]',
  '.blk-countdown',
  '.blk-markdown',
  '.blk-hero img',
  '.adm-button',
]

// As `vite build` does: the app and the server's renderer of screens.
await (await createBuilder({ root, logLevel: 'warn' })).buildApp()
await build({
  root: join(root, 'scripts/bench-pages/plain'),
  base: '/bench-plain/',
  configFile: false,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: join(root, 'dist/bench-plain'), emptyOutDir: true },
})

const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'))
const server = await startServer(port, dataDir)
const base = server.base
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  // One cold load: fresh context, throttled CPU; "ready" is the moment (performance.now) the DOM first holds
  // every READY element, recorded in the page by a MutationObserver (not when the polling noticed it).
  const loadOnce = async (path: string) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2.625,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // A string, not a function: tsx would wrap the function's inner arrow in a helper the page does not have.
    await page.addInitScript(`(() => {
      const sels = ${JSON.stringify(READY)}
      new MutationObserver(() => {
        if (window.__benchReady === undefined && sels.every((s) => document.querySelector(s))) window.__benchReady = performance.now()
      }).observe(document, { childList: true, subtree: true, attributes: true })
    })()`)
    const scripts: Promise<number>[] = []
    let ready = false
    page.on('response', (response) => {
      if (!ready && response.request().resourceType() === 'script')
        scripts.push(
          response.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        )
    })
    await page.goto(base + path, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => (window as unknown as { __benchReady?: number }).__benchReady !== undefined,
      undefined,
      { timeout: 60_000, polling: 50 },
    )
    ready = true
    const time = await page.evaluate(() => (window as unknown as { __benchReady: number }).__benchReady)
    const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024
    await context.close()
    return { time, js }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const runs = {
    config: { times: [] as number[], js: [] as number[] },
    plain: { times: [] as number[], js: [] as number[] },
  }
  // Loads alternate between the two pages so that background load on the machine hits both alike.
  for (let i = 0; i < LOADS; i++) {
    for (const [name, path] of [
      ['config', CONFIG_PAGE],
      ['plain', PLAIN_PAGE],
    ] as const) {
      const { time, js } = await loadOnce(path)
      runs[name].times.push(time)
      runs[name].js.push(js)
    }
  }
  const summary = (r: { times: number[]; js: number[] }) => ({
    ready: median(r.times),
    js: median(r.js),
    times: r.times,
  })
  const config = summary(runs.config)
  const plain = summary(runs.plain)
  await browser.close()
  console.log(`bench:pages (${LOADS} cold loads, 412x823, 4x CPU throttling)`)
  console.log(
    `  config page ${CONFIG_PAGE}: ready median ${config.ready.toFixed(0)} ms [${config.times.map((t) => t.toFixed(0)).join(', ')}], JS before ready ${config.js.toFixed(1)} KiB gzip`,
  )
  console.log(
    `  plain React baseline:        ready median ${plain.ready.toFixed(0)} ms [${plain.times.map((t) => t.toFixed(0)).join(', ')}], JS before ready ${plain.js.toFixed(1)} KiB gzip`,
  )
  console.log(
    `  ratio ${(config.ready / plain.ready).toFixed(2)}x (target ≤ 1.3x); config JS ${config.js.toFixed(1)} KiB (target ≤ 110 KiB)`,
  )
} finally {
  await stopServer(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(join(root, 'dist/bench-plain'), { recursive: true, force: true })
}
