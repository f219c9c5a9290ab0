import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SAME_FOR_EVERYONE_HEADER,
  SCREEN_SLOTS,
  SCREEN_TEMPLATES_FILE,
} from '../../src/page-config/screenHtml'
import { sql } from 'kysely'
import { buildApp } from '../../server/app'
import { VERSION_CHECK_MS } from '../../server/platform/renderCache'
import { SCREEN_RENDER_BUDGET_MS } from '../../server/platform/screenRendering'
import { createTestApp, loginAs, writeStandInRenderer, type TestApp } from './helpers'
import { staffLogin } from './studioHelpers'

// The server's side of server-rendered screens, with a stand-in renderer in place of the one `vite build`
// writes (src/app/ssr/renderScreen.tsx, tested in tests/src/app/ssr): the screen is sent in its route's
// template, the renderer's API requests go out with the visitor's cookie (none for a render kept for
// everyone), and a renderer that declines or fails leaves the screen to the browser, as before.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-ssr-'))
let test: TestApp
let off: TestApp
let limited: TestApp

// It runs on a render thread (renderPool.ts): what it saw is told in its HTML, or in a file for what it declined.
const ASKED = join(dist, 'asked.log')
const RENDERER = `
import { appendFileSync } from 'node:fs'
export async function renderScreen(request) {
  const path = request.url.split('?')[0]
  appendFileSync(${JSON.stringify(ASKED)}, path + '\\n')
  if (path === '/boom') throw new Error('boom')
  // A render that holds its thread's CPU (a block caught in a long loop), with its HTML or forever.
  if (path === '/spin') {
    const until = Date.now() + ${SCREEN_RENDER_BUDGET_MS + 500}
    while (Date.now() < until);
    appendFileSync(${JSON.stringify(ASKED)}, 'spun\\n')
  }
  if (path === '/loop') for (;;);
  if (!['/shopping', '/user', '/slow', '/spin'].includes(path)) return { rendered: false, reason: 'not a screen' }
  // A render slower than its budget (a busy database, say).
  if (path === '/slow') await new Promise((resolve) => setTimeout(resolve, ${SCREEN_RENDER_BUDGET_MS + 300}))
  const me = await request.fetch('/api/me', { headers: { Accept: 'application/json' } })
  const body = me.ok ? await me.json() : null
  const listed = await request.fetch('/api/products?sort=sales&limit=1')
  const products = await listed.json()
  // Which answers were the same for whoever asked (their routes read no session).
  const same = [me, listed].map((answer) => answer.headers.get('${SAME_FOR_EVERYONE_HEADER}') ?? '-').join(',')
  // Whether the render's requests carried a staff member's studio cookie.
  const studioStatus = (await request.fetch('/api/studio/session')).status
  // Which render this is, to tell a kept one from a new one.
  globalThis.renders = (globalThis.renders ?? 0) + 1
  return {
    rendered: true,
    route: path,
    title: '商城 <&>',
    html: '<p class="who">' + (body ? body.phone : 'guest') + '</p><p class="n">' + globalThis.renders +
      '</p><p class="top">' + products.items[0].name + '</p><p class="studio">' + studioStatus + '</p><p class="same">' + same + '</p>',
    snapshot: { pathname: path, nowMs: request.nowMs },
    // A slot's mark inside user data stays what it is.
    payload: JSON.stringify({ fallback: { note: '${SCREEN_SLOTS.title}' } }),
  }
}
// 商城 is the same for everyone; 我的 is each visitor's own.
export function sharedScreen(url) {
  return url.split('?')[0] === '/shopping'
}`

// A real screen's HTML is tens of KB: the footer makes this one large enough to be sent compressed.
const TEMPLATE = `<!doctype html><title>${SCREEN_SLOTS.title}</title><div id="root" ${SCREEN_SLOTS.rootAttributes}>${SCREEN_SLOTS.root}</div><script type="application/json" id="screen-data">${SCREEN_SLOTS.data}</script><footer>${'国恒保险商城 · 保障到家 '.repeat(60)}</footer>`

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title><div id="root"></div>')
  writeStandInRenderer(dist, RENDERER)
  writeFileSync(
    join(dist, SCREEN_TEMPLATES_FILE),
    JSON.stringify({ '/shopping': TEMPLATE, '/user': TEMPLATE, '/slow': TEMPLATE }),
  )
  mkdirSync(join(dist, 'springFestival'))
  writeFileSync(join(dist, 'springFestival', 'index.html'), '<!doctype html><title>新春健康节</title>')
  writeFileSync(join(dist, 'config-pages.json'), JSON.stringify({ routes: ['/springFestival'], screens: [] }))
  test = await createTestApp({ distDir: dist })
  off = await createTestApp({ distDir: dist, screenRendering: false })
  limited = await createTestApp({ distDir: dist, renderThreads: 1, renderLimitMs: 1_000 })
})
afterAll(async () => {
  await Promise.all([test.close(), off.close(), limited.close()])
  rmSync(dist, { recursive: true, force: true })
})

const renderOf = (html: string) => Number(/<p class="n">(\d+)<\/p>/.exec(html)?.[1])
const topOf = (html: string) => /<p class="top">([^<]*)<\/p>/.exec(html)?.[1]
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'

describe('server-rendered screens', () => {
  it('sends the screen in its template: title, rendered HTML, snapshot and data, for this visitor only', async () => {
    const res = await test.app.inject({ url: '/shopping?sort=sales' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>商城 &lt;&amp;&gt;</title>')
    expect(res.body).toContain('<p class="who">guest</p>')
    expect(res.body).toContain('data-path="/shopping"')
    expect(res.body).toMatch(
      /data-prerendered="\{&quot;pathname&quot;:&quot;\/shopping&quot;,&quot;nowMs&quot;:\d+\}"/,
    )
    expect(res.body).toContain(`{"fallback":{"note":"${SCREEN_SLOTS.title}"}}`)
  })

  it("answers the renderer's API requests as the visitor: with their session cookie", async () => {
    const cookie = await loginAs(test.app, '13700001111')
    const res = await test.app.inject({ url: '/user', headers: { cookie } })
    expect(res.body).toContain('<p class="who">13700001111</p>')
    // Theirs only: never kept, never to a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers.etag).toBeUndefined()
    const again = await test.app.inject({ url: '/user', headers: { cookie } })
    expect(renderOf(again.body)).toBe(renderOf(res.body) + 1)
  })

  it('leaves the screen to the browser when the renderer declines or fails, or SSR is off', async () => {
    for (const url of ['/orders', '/boom']) {
      const res = await test.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<title>国恒保险商城</title><div id="root"></div>')
    }
    const plain = await off.app.inject({ url: '/shopping' })
    expect(plain.body).toContain('<div id="root"></div>')
    const head = await test.app.inject({ method: 'HEAD', url: '/shopping' })
    expect(head.statusCode).toBe(200)
  })

  it('answers with the app when a render takes longer than its budget, and keeps that render for later', async () => {
    const started = performance.now()
    const first = await test.app.inject({ url: '/slow' })
    const waited = performance.now() - started
    // The app's HTML, rendered in the browser, at the budget; not the render.
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('<title>国恒保险商城</title>')
    expect(first.body).not.toContain('class="who"')
    expect(waited).toBeGreaterThanOrEqual(SCREEN_RENDER_BUDGET_MS - 50)
    // The render went on: the next visitor joins it (done well within their own budget) and gets it.
    const next = await test.app.inject({ url: '/slow' })
    expect(next.body).toContain('<p class="who">guest</p>')
  })

  it('tells the renderer which answers read no session (the same for everyone), and only the renderer', async () => {
    const cookie = await loginAs(test.app, '13700003333')
    const res = await test.app.inject({ url: '/user', headers: { cookie } })
    // /api/me reads the session; the product list does not.
    expect(/<p class="same">([^<]*)<\/p>/.exec(res.body)?.[1]).toBe('-,1')
    const direct = await test.app.inject({ url: '/api/products?sort=sales&limit=1' })
    expect(direct.headers[SAME_FOR_EVERYONE_HEADER]).toBeUndefined()
  })

  it("keeps answering other requests while a render holds its thread's CPU", async () => {
    const spinning = test.app.inject({ url: '/spin' })
    // Asked once the render has begun, answered before it ends: the render holds its own thread only.
    await expect.poll(() => readFileSync(ASKED, 'utf8').split('\n')).toContain('/spin')
    const products = await test.app.inject({ url: '/api/products?limit=1' })
    expect(products.statusCode).toBe(200)
    expect(readFileSync(ASKED, 'utf8')).not.toContain('spun')
    // Its visitor got the app's HTML at the budget.
    expect((await spinning).body).not.toContain('class="who"')
  })

  it('replaces a render thread caught in a loop, and renders on the new one', async () => {
    const looping = await limited.app.inject({ url: '/loop' })
    expect(looping.statusCode).toBe(200)
    expect(looping.body).toContain('<title>国恒保险商城</title><div id="root"></div>')
    // The only thread was stopped at the limit: the next screen renders on its replacement.
    const cookie = await loginAs(limited.app, '13700002222')
    // The replacement thread loads the renderer first: a screen asked meanwhile on a busy machine may pass the
    // render budget and be sent the app's HTML, as designed. Once it is up, screens render on it.
    await expect
      .poll(async () => (await limited.app.inject({ url: '/user', headers: { cookie } })).body, {
        timeout: 15_000,
      })
      .toContain('<p class="who">13700002222</p>')
  })

  it("asks the renderer for a config page too, and sends the page's built HTML when it declines or SSR is off", async () => {
    const res = await test.app.inject({ url: '/springFestival?from=push' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>新春健康节</title>')
    expect(readFileSync(ASKED, 'utf8').split('\n')).toContain('/springFestival')
    const plain = await off.app.inject({ url: '/springFestival' })
    expect(plain.body).toContain('<title>新春健康节</title>')
  })

  it('never serves the renderer or its templates to the browser', async () => {
    for (const url of ['/server/renderScreen.js', `/${SCREEN_TEMPLATES_FILE}`]) {
      const res = await test.app.inject({ url })
      expect(res.body).not.toContain('renderScreen')
      expect(res.body).not.toContain('ssr:')
    }
  })
})

describe('anonymous screens, rendered once and kept (renderCache.ts)', () => {
  // After a content change, the version is read again within VERSION_CHECK_MS.
  const nextVersionRead = () => new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 50))

  it('sends every visitor who is not logged in the same render, which a CDN may keep, with an ETag', async () => {
    const url = '/shopping?b=2&a=1'
    const first = await test.app.inject({ url, headers: { 'user-agent': IPHONE } })
    const second = await test.app.inject({ url: '/shopping?a=1&b=2', headers: { 'user-agent': IPHONE } })
    expect(second.body).toBe(first.body)
    expect(first.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=[1-5], stale-while-revalidate=2$/,
    )
    expect(first.headers.vary).toBe('Cookie, User-Agent, Accept-Encoding')
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/)
    // What the browser has already: 304, no body.
    const revalidated = await test.app.inject({
      url,
      headers: { 'user-agent': IPHONE, 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    // Another device class is another render; a shared policy's token is never kept.
    const android = await test.app.inject({ url, headers: { 'user-agent': ANDROID } })
    expect(renderOf(android.body)).toBeGreaterThan(renderOf(first.body))
    const token = await test.app.inject({ url: `${url}&token=abc`, headers: { 'user-agent': IPHONE } })
    expect(token.headers['cache-control']).toBe('private, no-cache')
  })

  it('sends the HTML compressed as the browser accepts, each encoding with its own ETag', async () => {
    const url = '/shopping?encoded=1'
    const plain = await test.app.inject({ url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const phone = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(phone.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(phone.rawPayload).toString()).toBe(plain.body)
    expect(phone.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    const gzip = await test.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(new Set([plain, phone, gzip].map((r) => r.headers.etag)).size).toBe(3)
    expect(phone.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'))
    // The ETag of the brotli body matches only a request in brotli; the plain one does not.
    const revalidate = (etag: unknown) =>
      test.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } })
    expect((await revalidate(phone.headers.etag)).statusCode).toBe(304)
    expect((await revalidate(plain.headers.etag)).statusCode).toBe(200)
    // A visitor's own render is compressed too, and no shared cache keeps it.
    const cookie = await loginAs(test.app, '13700002223')
    const own = await test.app.inject({ url: '/user', headers: { cookie, 'accept-encoding': 'gzip' } })
    expect(own.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(own.rawPayload).toString()).toContain('<p class="who">13700002223</p>')
    expect(own.headers['cache-control']).toBe('private, no-cache')
  })

  it('sends a logged-in visitor the render kept for everyone on a screen that is the same for everyone', async () => {
    const url = '/shopping?launch=1'
    const anonymous = await test.app.inject({ url })
    expect(anonymous.body).toContain('data-rendered-for="everyone"')
    const cookie = await loginAs(test.app, '13700002222')
    const loggedIn = await test.app.inject({ url, headers: { cookie } })
    // Not rendered again: the same render, marked for their browser to fetch their own data, and theirs alone.
    expect(renderOf(loggedIn.body)).toBe(renderOf(anonymous.body))
    expect(loggedIn.body).toContain('<p class="who">guest</p>')
    expect(loggedIn.body).toContain('data-rendered-for="session"')
    expect(loggedIn.body).not.toContain('data-rendered-for="everyone"')
    expect(loggedIn.headers['cache-control']).toBe('private, no-cache')
    expect(loggedIn.headers.etag).not.toBe(anonymous.headers.etag)
    // Nothing of theirs is in it (their session comes from /api/me in the browser), so every logged-in visitor
    // gets the same bytes, encoded once.
    expect(loggedIn.body).not.toContain('13700002222')
    expect(loggedIn.body).not.toContain('session-data')
    const another = await test.app.inject({
      url,
      headers: { cookie: await loginAs(test.app, '13700002224') },
    })
    expect(another.body).toBe(loggedIn.body)
    expect(another.headers.etag).toBe(loggedIn.headers.etag)
    const stale = await test.app.inject({ url, headers: { cookie: 'sid=gone' } })
    expect(stale.body).toBe(loggedIn.body)
    const revalidated = await test.app.inject({
      url,
      headers: { cookie, 'if-none-match': String(loggedIn.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    // The anonymous ETag is not theirs: the body differs.
    const other = await test.app.inject({
      url,
      headers: { cookie, 'if-none-match': String(anonymous.headers.etag) },
    })
    expect(other.statusCode).toBe(200)
  })

  it("makes a kept render's API requests with no cookies, whatever the first visitor sent", async () => {
    const studio = await staffLogin(test.app, 'editor')
    const url = '/shopping?cookies=studio'
    const studioStatus = (html: string) => /<p class="studio">(\d+)<\/p>/.exec(html)?.[1]
    // Logged in to the studio only: the visitor's own render carries their studio session (seen, then refused
    // for want of the studio's CSRF header)...
    const own = await test.app.inject({ url: `${url}&token=own`, headers: { cookie: studio } })
    expect(studioStatus(own.body)).toBe('403')
    // ...but a render kept for everyone carries nobody's cookies.
    const shared = await test.app.inject({ url, headers: { cookie: studio } })
    expect(shared.headers.etag).toBeDefined()
    // (401: no studio session at all.)
    expect(studioStatus(shared.body)).toBe('401')
  })

  it('renders again after a catalog change, but not after a sale moves a counter', async () => {
    const get = () => test.app.inject({ url: '/shopping?c=1' })
    const before = await get()
    const top = topOf(before.body)
    expect(top).toBeTruthy()
    const { rows } = await sql<{ id: string }>`SELECT id FROM products WHERE name = ${top}`.execute(
      test.db.db,
    )
    await sql`UPDATE products SET sales_count = sales_count + 1 WHERE id = ${rows[0].id}`.execute(test.db.db)
    await nextVersionRead()
    expect(renderOf((await get()).body)).toBe(renderOf(before.body))

    await sql`UPDATE products SET name = ${`${top}（新）`} WHERE id = ${rows[0].id}`.execute(test.db.db)
    await nextVersionRead()
    const after = await get()
    expect(topOf(after.body)).toBe(`${top}（新）`)
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('every server on one database sees a content change, whichever made it', async () => {
    const other = await buildApp({ database: test.db, distDir: dist })
    try {
      const get = (app: typeof other) => app.inject({ url: '/shopping?d=1' })
      const before = [await get(test.app), await get(other)]
      // Each keeps its own render.
      expect(renderOf((await get(other)).body)).toBe(renderOf(before[1].body))
      await sql`UPDATE categories SET name = name`.execute(test.db.db)
      await nextVersionRead()
      const after = await Promise.all([get(test.app), get(other)])
      expect(renderOf(after[0].body)).toBeGreaterThan(renderOf(before[0].body))
      expect(renderOf(after[1].body)).toBeGreaterThan(renderOf(before[1].body))
    } finally {
      await other.close()
    }
  })
})
