import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREEN_SLOTS, SCREEN_TEMPLATES_FILE } from '../../src/page-config/screenHtml'
import { createTestApp, loginAs, type TestApp } from './helpers'

// The server's side of server-rendered screens, with a stand-in renderer in place of the one `vite build`
// writes (src/app/ssr/renderScreen.tsx, tested in tests/src/app/ssr): the screen is sent in its route's
// template for this visitor only, the renderer's API requests go out with the visitor's cookie, and a renderer
// that declines or fails leaves the screen to the browser, as before.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-ssr-'))
let test: TestApp
let off: TestApp

const RENDERER = `
export async function renderScreen(request) {
  const path = request.url.split('?')[0]
  if (path === '/boom') throw new Error('boom')
  if (path !== '/shopping') return { rendered: false, reason: 'not a screen' }
  const me = await request.fetch('/api/me', { headers: { Accept: 'application/json' } })
  const body = me.ok ? await me.json() : null
  return {
    rendered: true,
    route: '/shopping',
    title: '商城 <&>',
    html: '<p class="who">' + (body ? body.phone : 'guest') + '</p>',
    snapshot: { pathname: path, nowMs: request.nowMs },
    // A slot's mark inside user data stays what it is.
    payload: JSON.stringify({ fallback: { note: '${SCREEN_SLOTS.title}' } }),
  }
}`

const TEMPLATE = `<!doctype html><title>${SCREEN_SLOTS.title}</title><div id="root" ${SCREEN_SLOTS.rootAttributes}>${SCREEN_SLOTS.root}</div><script type="application/json" id="screen-data">${SCREEN_SLOTS.data}</script>`

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title><div id="root"></div>')
  mkdirSync(join(dist, 'server'))
  writeFileSync(join(dist, 'server', 'renderScreen.js'), RENDERER)
  writeFileSync(join(dist, SCREEN_TEMPLATES_FILE), JSON.stringify({ '/shopping': TEMPLATE }))
  test = await createTestApp({ distDir: dist })
  off = await createTestApp({ distDir: dist, screenRendering: false })
})
afterAll(async () => {
  await Promise.all([test.close(), off.close()])
  rmSync(dist, { recursive: true, force: true })
})

describe('server-rendered screens', () => {
  it('sends the screen in its template: title, rendered HTML, snapshot and data, for this visitor only', async () => {
    const res = await test.app.inject({ url: '/shopping?sort=sales' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('private, no-cache')
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
    const res = await test.app.inject({ url: '/shopping', headers: { cookie } })
    expect(res.body).toContain('<p class="who">13700001111</p>')
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

  it('never serves the renderer or its templates to the browser', async () => {
    for (const url of ['/server/renderScreen.js', `/${SCREEN_TEMPLATES_FILE}`]) {
      const res = await test.app.inject({ url })
      expect(res.body).not.toContain('renderScreen')
      expect(res.body).not.toContain('ssr:')
    }
  })
})
