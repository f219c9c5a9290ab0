import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SCRIPTS_ID, PRERENDER_BOOT_SCRIPT } from '../../src/page-config/prerenderBoot'
import { LIGHT_SHELL_TEMPLATE, SCREEN_SLOTS, SCREEN_TEMPLATES_FILE } from '../../src/page-config/screenHtml'
import { PUBLISHED_PAGE_DATA_ID } from '../../src/page-config/publishedPageData'
import { SCREEN_DATA_ID } from '../../src/app/ssr/payload'
import { buildApp } from '../../server/app'
import { createTestApp, testClock, type TestApp } from './helpers'
import { as, publishPage, saveAndPublish, staffLogin, validPage } from './studioHelpers'

// A direct GET of /activity/{id} (and /app/activity/{id}) answers the light shell's HTML: the page's live
// version rendered by the server with the light shell's renderer (the real one, src/app/ssr/renderScreen.tsx,
// in place of the build's dist/server/renderScreen.js), in the light shell's template (its boot script and
// entry, not the app's screen template), with the config embedded for the browser to boot with. A preview link,
// an unknown id and an offline page are the screen's, as before. The templates stand in for the build's
// (scripts/entryHtmlPlugin.ts): the light shell's lists the light-shell entry, the screen's the app's.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-published-'))
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let off: TestApp
let publisher: string

const RENDERER_SOURCE = resolve(import.meta.dirname, '../../src/app/ssr/renderScreen.tsx')
const template = (entry: string, dataId: string) =>
  `<!doctype html><html><head><title>${SCREEN_SLOTS.title}</title></head><body>` +
  `<div id="root" ${SCREEN_SLOTS.rootAttributes}>${SCREEN_SLOTS.root}</div>` +
  `<script type="application/json" id="${dataId}">${SCREEN_SLOTS.data}</script>` +
  `<script type="application/json" id="${PAGE_SCRIPTS_ID}">{"entry":"${entry}","preload":[]}</script>` +
  `<script>${PRERENDER_BOOT_SCRIPT}</script></body></html>`

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title><div id="root"></div>')
  mkdirSync(join(dist, 'server'))
  writeFileSync(
    join(dist, 'server', 'renderScreen.js'),
    `export { renderScreen } from ${JSON.stringify(pathToFileURL(RENDERER_SOURCE).href)}\n`,
  )
  writeFileSync(
    join(dist, SCREEN_TEMPLATES_FILE),
    JSON.stringify({
      [LIGHT_SHELL_TEMPLATE]: template('/assets/light-shell.js', PUBLISHED_PAGE_DATA_ID),
      '/activity/:id': template('/assets/app-screen.js', SCREEN_DATA_ID),
    }),
  )
  // The renderer from its source, through vitest's loader, which a render thread has not: rendered on this one.
  t = await createTestApp({ distDir: dist, now: clock.now, renderThreads: 0 })
  publisher = await staffLogin(t.app, 'publisher')
  await publishPage(t.app, publisher, 'winter-care', validPage('冬日暖心节'))
  await publishPage(t.app, publisher, 'gone-page', validPage('下线页面'))
  const unpublished = await as(t.app, publisher, 'POST', '/api/studio/pages/gone-page/unpublish')
  expect(unpublished.statusCode, unpublished.body).toBe(200)
  // SSR=off: no renderer runs.
  off = await createTestApp({ distDir: dist, now: clock.now, screenRendering: false })
  await publishPage(off.app, await staffLogin(off.app, 'publisher'), 'winter-care', validPage('冬日暖心节'))
}, 120_000)
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()])
  rmSync(dist, { recursive: true, force: true })
})

const get = async (url: string, app = t.app) => {
  const res = await app.inject({ url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('text/html')
  return res.body
}

describe('/activity/{id} opened directly', () => {
  it('answers the light shell: its template and boot, the live version rendered, its config embedded', async () => {
    const html = await get('/activity/winter-care')
    expect(html).toContain('/assets/light-shell.js')
    expect(html).not.toContain('/assets/app-screen.js')
    expect(html).toContain(`<script>${PRERENDER_BOOT_SCRIPT}</script>`)
    expect(html).toContain('<title>冬日暖心节</title>')
    expect(html).toContain('<div class="adm-nav-bar-title">冬日暖心节</div>')
    expect(html).toContain('活动规则')
    expect(html).toContain('data-path="/activity/winter-care"')
    // Valid until the live phase ends (the boot drops it past then).
    expect(html).toContain(`data-valid-until="${Date.parse('2027-01-31T23:59:59+08:00')}"`)
    const data = new RegExp(`<script type="application/json" id="${PUBLISHED_PAGE_DATA_ID}">([^<]*)</script>`)
    const embedded = JSON.parse(data.exec(html)?.[1] ?? 'null') as {
      id: string
      version: number
      config: object
    }
    expect(embedded).toMatchObject({ id: 'winter-care', version: 1, config: { title: '冬日暖心节' } })
  })

  it('renders the in-app frame under /app (no title bar)', async () => {
    const html = await get('/app/activity/winter-care')
    expect(html).toContain('/assets/light-shell.js')
    expect(html).toContain('data-path="/app/activity/winter-care"')
    expect(html).toContain('活动规则')
    expect(html).not.toContain('adm-nav-bar-title')
  })

  it('a kept render gives way at once to a publish here, and to a schedule the moment it comes due', async () => {
    await publishPage(t.app, publisher, 'launch-day', validPage('双十二预热'))
    expect(await get('/activity/launch-day')).toContain('<title>双十二预热</title>')
    // Published again through this server: shown at once, not once the kept render has aged.
    await publishPage(t.app, publisher, 'launch-day', validPage('双十二开抢'))
    expect(await get('/activity/launch-day')).toContain('<title>双十二开抢</title>')
    // Scheduled 3 s ahead, sooner than a render is kept: the live version until then, the new one from then on.
    const { published: scheduled } = await saveAndPublish(
      t.app,
      publisher,
      'launch-day',
      validPage('双十二返场'),
      new Date(clock.now().getTime() + 3000).toISOString(),
    )
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(await get('/activity/launch-day')).toContain('<title>双十二开抢</title>')
    clock.advance(2999)
    expect(await get('/activity/launch-day')).toContain('<title>双十二开抢</title>')
    clock.advance(1)
    expect(await get('/activity/launch-day')).toContain('<title>双十二返场</title>')
  })

  it('a publish through one server is served by another on the same database within a moment', async () => {
    const other = await buildApp({ database: t.db, distDir: dist, now: clock.now })
    try {
      await publishPage(t.app, publisher, 'two-servers', validPage('双十二预热'))
      expect(await get('/activity/two-servers', other)).toContain('<title>双十二预热</title>')
      await publishPage(t.app, publisher, 'two-servers', validPage('双十二开抢'))
      const published = Date.now()
      // The other server keeps its render until it reads the content version again (every 500 ms);
      // kept alone, it would be sent for 10 s.
      let html = await get('/activity/two-servers', other)
      while (!html.includes('<title>双十二开抢</title>') && Date.now() - published < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        html = await get('/activity/two-servers', other)
      }
      expect(html).toContain('<title>双十二开抢</title>')
    } finally {
      await other.close()
    }
  })

  it('leaves an unknown id, an offline page and a preview link to the screen', async () => {
    const unknown = await get('/activity/no-such-page')
    expect(unknown).toContain('/assets/app-screen.js')
    expect(unknown).toContain('您访问的页面不存在或已下线')
    const offline = await get('/activity/gone-page')
    expect(offline).toContain('/assets/app-screen.js')
    expect(offline).not.toContain('下线页面')
    const preview = await get('/activity/winter-care?preview=forged')
    expect(preview).toContain('/assets/app-screen.js')
    expect(preview).toContain('预览链接已失效')
  })
})

describe('/activity/{id} opened directly without a renderer (SSR=off)', () => {
  it('still answers the light shell with the live version embedded, for the browser to render', async () => {
    const html = await get('/activity/winter-care', off.app)
    expect(html).toContain('/assets/light-shell.js')
    expect(html).toContain('<title>冬日暖心节</title>')
    expect(html).toContain('<div id="root" ></div>')
    expect(html).not.toMatch(/<div id="root"[^>]*data-prerendered/)
    const data = new RegExp(`<script type="application/json" id="${PUBLISHED_PAGE_DATA_ID}">([^<]*)</script>`)
    expect(JSON.parse(data.exec(html)?.[1] ?? 'null')).toMatchObject({ id: 'winter-care', version: 1 })
    expect(await get('/app/activity/winter-care/', off.app)).toContain('/assets/light-shell.js')
  })

  it("sends the app's HTML for an unknown id and a preview link", async () => {
    for (const url of ['/activity/no-such-page', '/activity/winter-care?preview=x']) {
      const html = await get(url, off.app)
      expect(html).toContain('<title>国恒保险商城</title><div id="root"></div>')
    }
  })
})
