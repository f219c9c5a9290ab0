// `npm run bench:routes`: loads hand-written and config routes of the production build in headless Chromium
// (412x823, 4x CPU throttling) and prints the JS each one fetched (raw and gzip) and the time until the network
// is idle. Starts the real server on a free port with a temp DATA_DIR and stops it by PID.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startServer, stopServer } from './benchServer'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
import { freePort } from './freePort'

const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/shopping', '/product?id=p-medical-million', '/Login', '/preheatActivity']
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-routes-'))
const server = await startServer(await freePort(), dataDir)
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
try {
  for (const route of ROUTES) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      locale: 'zh-CN',
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const bodies: Promise<Buffer>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)))
    })
    const started = performance.now()
    await page.goto(server.base + route, { waitUntil: 'networkidle' })
    // Under throttling the shell may still be booting when the network first goes quiet: wait for the screen.
    await page.waitForFunction(() => (document.querySelector('.app-content')?.childElementCount ?? 0) > 0)
    await page.waitForLoadState('networkidle')
    const ms = performance.now() - started
    const scripts = await Promise.all(bodies)
    const raw = scripts.reduce((sum, b) => sum + b.length, 0)
    const gzip = scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
    console.log(
      `${route.padEnd(32)} ${String(scripts.length).padStart(3)} JS files ${kib(raw).padStart(11)} raw ${kib(gzip).padStart(11)} gzip   screen shown, network idle ${Math.round(ms)} ms`,
    )
    await context.close()
  }
} finally {
  await browser.close()
  await stopServer(server.child)
  rmSync(dataDir, { recursive: true, force: true })
}
