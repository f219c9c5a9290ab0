// `npm run bench:routes [url…]`: opens every route of the route table (hand-written screens with a sample URL
// each, logged in, and every config page of the build) cold in headless Chromium (412x823, 4x CPU throttling)
// and prints, sorted by size, what each one fetched until the network went idle (hydration included): JS (files,
// gzip), CSS files, all requests, and its layout shift (CLS, the session windows' largest); then the JS fetched
// before its screen showed and the time until then. "Shown" is the moment (performance.now, recorded in the page)
// the layout's content first holds something other than the lazy-load placeholder; a script counts as before it
// when its request started before that moment, whatever started it (entry, modulepreload, dynamic import). A
// prerendered config page shows from its HTML, before any script.
// Budgets (issue: light pages), cold to network idle: a screen ≤ 150 KiB gzip JS in ≤ 25 files, a config page
// ≤ 110 KiB, a page published through the studio (/activity/{id}: published in the setup as the demo publisher)
// ≤ 150 KiB in ≤ 25 files; CSS in ≤ 2 files; `/` and `/product` ≤ 40 requests; CLS ≤ 0.05. `/` and `/product`
// are then loaded cold on slow 3G (400 kbit/s, 400 ms round trip): the last byte within 5 s. Exits 1 over budget.
// Starts the real server on a free port with a temp DATA_DIR and stops it by PID.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test'
import { screenRoutes } from '../src/app/routes'
import { startServer, stopServer } from './benchServer'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
import { freePort } from './freePort'
import { LOGGED_OUT_SCREENS, sampleUrl } from './screenSamples'
import { logInAsPublisher, publishPage, samplePageConfig } from './studioPublish'

const BUDGET = {
  screen: { gzipKiB: 150, files: 25 },
  config: { gzipKiB: 110, files: Infinity },
  published: { gzipKiB: 150, files: 25 },
}
const CSS_FILES = 2
const CLS = 0.05
/** Routes with a request budget (the two a launch sends people to first). */
const REQUESTS: Record<string, number> = { '/': 40, '/product': 40 }
/** Loaded again on slow 3G (400 kbit/s, 400 ms round trip; 4x CPU): full load within 5 s. */
const SLOW_3G = { routes: ['/', '/product'], fullLoadMs: 5_000 }
type Kind = keyof typeof BUDGET
interface Target {
  url: string
  kind: Kind
  loggedIn: boolean
}
interface Result extends Target {
  files: number
  gzip: number
  shownMs: number
  /** All the JS fetched until the network went idle (a prerendered page's hydration included). */
  idleFiles: number
  idleGzip: number
  cssFiles: number
  requests: number
  cls: number
}

const kib = (n: number) => n / 1024
const distDir = resolve(process.env.DIST_DIR ?? 'dist')
const configRoutes = (
  JSON.parse(readFileSync(join(distDir, 'config-pages.json'), 'utf8')) as { routes: string[] }
).routes
const given = process.argv.slice(2)
/** The page the setup publishes through the studio API. */
const PUBLISHED_ID = 'bench-spring'
const PUBLISHED_URL = `/activity/${PUBLISHED_ID}`
const kindOf = (path: string): Kind =>
  configRoutes.includes(path) ? 'config' : path === PUBLISHED_URL ? 'published' : 'screen'
const targets: Target[] = given.length
  ? given.map((url) => ({
      url,
      kind: kindOf(url.split('?')[0]),
      loggedIn: !LOGGED_OUT_SCREENS.has(url.split('?')[0]),
    }))
  : [
      ...[...new Set(screenRoutes.map((r) => r.path))].map((path) => ({
        url: sampleUrl(path),
        kind: 'screen' as const,
        loggedIn: !LOGGED_OUT_SCREENS.has(path),
      })),
      ...configRoutes.map((url) => ({ url, kind: 'config' as const, loggedIn: true })),
      { url: PUBLISHED_URL, kind: 'published' as const, loggedIn: true },
    ]

// In the page: the moment the layout's content first shows something other than the lazy-load placeholder.
// A string, not a function: tsx would wrap the function's inner arrow in a helper the page does not have.
const SHOWN_PROBE = `(() => {
  new MutationObserver(() => {
    if (window.__benchShown !== undefined) return
    const content = document.querySelector('.app-content')
    if (content && Array.from(content.children).some((c) => !c.classList.contains('lazy-placeholder')))
      window.__benchShown = performance.now()
  }).observe(document, { childList: true, subtree: true })
})()`

// In the page: cumulative layout shift as Chrome reports it (the largest session window: shifts less than 1 s
// apart, 5 s at most), shifts right after input excluded.
const CLS_PROBE = `(() => {
  let windowValue = 0, windowStart = 0, last = 0
  window.__benchCls = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue
      if (entry.startTime - last > 1000 || entry.startTime - windowStart > 5000) {
        windowValue = 0
        windowStart = entry.startTime
      }
      windowValue += entry.value
      last = entry.startTime
      window.__benchCls = Math.max(window.__benchCls, windowValue)
    }
  }).observe({ type: 'layout-shift', buffered: true })
})()`

/** Publishes the page of the published row (the studio API, as the demo publisher). */
async function publishBenchPage(browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({ baseURL: base })
  try {
    const { epochMs } = (await (await context.request.get('/api/time')).json()) as { epochMs: number }
    const publisher = await logInAsPublisher(context.request)
    await publishPage(publisher, PUBLISHED_ID, samplePageConfig('春季健康节', epochMs))
  } finally {
    await context.close()
  }
}

/** A session cookie and the stores for the logged-in loads: one demo SMS login through the API. */
async function logIn(browser: Browser, base: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ baseURL: base })
  const phone = `1370${String(Date.now()).slice(-7)}`
  const ok = (res: { ok(): boolean; status(): number }, what: string) => {
    if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()}`)
  }
  ok(await context.request.post('/api/auth/sms-code', { data: { phone } }), 'sms-code')
  const outbox = await context.request.get(`/api/dev/sms-outbox?phone=${phone}`)
  ok(outbox, 'sms-outbox')
  const { code } = (await outbox.json()) as { code: string }
  ok(
    await context.request.post('/api/auth/login', {
      data: { phone, code, agreements: ['privacy', 'sensitive', 'service'] },
    }),
    'login',
  )
  // A phone that logged in has its stores too (what the login screen keeps): one screen opened to keep them.
  const page = await context.newPage()
  await page.goto('/user')
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((key) => /"id":"[^"]+"/.test(localStorage.getItem(key) ?? '')),
  )
  const state = await context.storageState()
  await context.close()
  return state
}

/** A cold phone: 412x823, 4x CPU throttling, logged in or not as the target says. */
async function phone(browser: Browser, target: Target, session: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    ...(target.loggedIn ? { storageState: session } : {}),
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return { context, page, cdp }
}

/** Milliseconds from navigation to the last byte of the last request, on slow 3G. */
async function slowLoad(
  browser: Browser,
  base: string,
  target: Target,
  session: BrowserContextOptions['storageState'],
): Promise<number> {
  const { context, page, cdp } = await phone(browser, target, session)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  })
  await page.goto(base + target.url, { waitUntil: 'load', timeout: 120_000 })
  await page.waitForLoadState('networkidle', { timeout: 120_000 })
  const ms = await page.evaluate(() =>
    Math.max(
      ...performance
        .getEntriesByType('navigation')
        .map((e) => (e as PerformanceNavigationTiming).loadEventEnd),
      ...performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  )
  await context.close()
  return ms
}

async function load(
  browser: Browser,
  base: string,
  target: Target,
  session: BrowserContextOptions['storageState'],
) {
  const { context, page } = await phone(browser, target, session)
  await page.addInitScript(SHOWN_PROBE)
  await page.addInitScript(CLS_PROBE)
  const bodies = new Map<string, Promise<Buffer>>()
  let requests = 0
  const stylesheets = new Set<string>()
  page.on('request', (req) => {
    requests++
    if (req.resourceType() === 'stylesheet') stylesheets.add(req.url())
  })
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      bodies.set(
        res.url(),
        res.body().catch(() => Buffer.alloc(0)),
      )
  })
  await page.goto(base + target.url, { waitUntil: 'commit' })
  await page.waitForFunction(
    () => (window as { __benchShown?: number }).__benchShown !== undefined,
    undefined,
    {
      timeout: 60_000,
      polling: 50,
    },
  )
  await page.waitForLoadState('networkidle')
  const { shown, before, all, cls } = await page.evaluate(() => {
    const at = (window as unknown as { __benchShown: number }).__benchShown
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
    return {
      shown: at,
      before: scripts.filter((e) => e.startTime < at).map((e) => e.name),
      all: scripts.map((e) => e.name),
      cls: (window as unknown as { __benchCls: number }).__benchCls,
    }
  })
  const bytes = (urls: string[]) =>
    Promise.all([...new Set(urls)].map((url) => bodies.get(url) ?? Buffer.alloc(0)))
  const scripts = await bytes(before)
  const idle = await bytes(all)
  await context.close()
  const gzip = (list: Buffer[]) => list.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
  return {
    ...target,
    files: scripts.length,
    gzip: gzip(scripts),
    shownMs: shown,
    idleFiles: idle.length,
    idleGzip: gzip(idle),
    cssFiles: stylesheets.size,
    requests,
    cls,
  }
}

/** What a route is over its budgets by, in words; empty when within them all. */
function overBudget(r: Result): string[] {
  const budget = BUDGET[r.kind]
  const requestBudget = REQUESTS[r.url.split('?')[0]]
  return [
    kib(r.idleGzip) > budget.gzipKiB ? `JS > ${budget.gzipKiB} KiB` : '',
    r.idleFiles > budget.files ? `JS > ${budget.files} files` : '',
    r.cssFiles > CSS_FILES ? `CSS > ${CSS_FILES} files` : '',
    requestBudget !== undefined && r.requests > requestBudget ? `> ${requestBudget} requests` : '',
    r.cls > CLS ? `CLS > ${CLS}` : '',
  ].filter(Boolean)
}

const dataDir = mkdtempSync(join(tmpdir(), 'mall-bench-routes-'))
const server = await startServer(await freePort(), dataDir)
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const results: Result[] = []
const slow: { url: string; ms: number }[] = []
try {
  const session = await logIn(browser, server.base)
  if (targets.some((t) => t.kind === 'published')) await publishBenchPage(browser, server.base)
  for (const target of targets) results.push(await load(browser, server.base, target, session))
  for (const target of targets.filter((t) => SLOW_3G.routes.includes(t.url.split('?')[0])))
    slow.push({ url: target.url, ms: await slowLoad(browser, server.base, target, session) })
} finally {
  await browser.close()
  await stopServer(server.child)
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(
  `${'route'.padEnd(44)} kind     cold to network idle: JS files  gzip KiB  CSS  requests    CLS   before shown: JS files  gzip KiB  shown ms  budget (412x823, 4x CPU)`,
)
for (const r of results.sort((a, b) => b.idleGzip - a.idleGzip)) {
  const over = overBudget(r)
  console.log(
    `${r.url.padEnd(44)} ${r.kind.padEnd(9)} ${String(r.idleFiles).padStart(29)} ${kib(r.idleGzip).toFixed(1).padStart(9)} ${String(r.cssFiles).padStart(4)} ${String(r.requests).padStart(9)} ${r.cls.toFixed(3).padStart(6)} ${String(r.files).padStart(23)} ${kib(r.gzip).toFixed(1).padStart(9)} ${Math.round(r.shownMs).toString().padStart(9)}  ${over.length ? `OVER: ${over.join(', ')}` : 'ok'}`,
  )
}
const over = results.filter((r) => overBudget(r).length)
console.log(`${results.length - over.length}/${results.length} routes within budget`)
for (const { url, ms } of slow)
  console.log(
    `slow 3G (400 kbit/s, 400 ms RTT, 4x CPU) full load of ${url}: ${(ms / 1000).toFixed(1)} s ` +
      (ms > SLOW_3G.fullLoadMs ? `OVER (≤ ${SLOW_3G.fullLoadMs / 1000} s)` : 'ok'),
  )
process.exitCode = over.length || slow.some((r) => r.ms > SLOW_3G.fullLoadMs) ? 1 : 0
