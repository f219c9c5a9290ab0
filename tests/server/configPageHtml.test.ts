import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spaHtmlResolver } from '../../server/platform/spaPages'
import { PRERENDER_BOOT_SCRIPT } from '../../src/page-config/prerenderBoot'
import { createTestApp, type TestApp } from './helpers'

// A config page's path gets that page's own HTML (its chunks preloaded, its title, its prerendered content), a
// screen with a fixed path its own HTML (its chunks preloaded), in any letter case and under /app too; every
// other path gets index.html.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-pages-'))
/** A real page's HTML is tens of KB: large enough to be sent compressed. */
const FOOTER = `<footer>${'国恒保险商城 · 保障到家 '.repeat(60)}</footer>`
let test: TestApp

beforeAll(async () => {
  mkdirSync(join(dist, 'preheatActivity'))
  mkdirSync(join(dist, 'manualactivity', 'trialFee'), { recursive: true })
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>国恒保险商城</title></head><body><div id="root"></div>${FOOTER}</body></html>`,
  )
  writeFileSync(join(dist, 'preheatActivity', 'index.html'), '<!doctype html><title>双十二保障节</title>')
  writeFileSync(
    join(dist, 'manualactivity', 'trialFee', 'index.html'),
    '<!doctype html><title>保费试算</title>',
  )
  mkdirSync(join(dist, 'screens', 'shopping'), { recursive: true })
  writeFileSync(join(dist, 'screens', 'index.html'), '<!doctype html><title>首页</title>')
  writeFileSync(join(dist, 'screens', 'shopping', 'index.html'), '<!doctype html><title>商城</title>')
  writeFileSync(
    join(dist, 'config-pages.json'),
    JSON.stringify({
      routes: ['/preheatActivity', '/manualactivity/trialFee', '/../../etc/passwd'],
      screens: ['/', '/shopping', '/../x'],
    }),
  )
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => {
  await test.close()
  rmSync(dist, { recursive: true, force: true })
})

const titleOf = async (url: string) => {
  const res = await test.app.inject({ url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('text/html')
  return /<title>([^<]*)<\/title>/.exec(res.body)?.[1]
}

describe('config page HTML', () => {
  it('a config page path gets its own HTML, whatever the case, trailing slash, query or /app prefix', async () => {
    expect(await titleOf('/preheatActivity')).toBe('双十二保障节')
    expect(await titleOf('/PREHEATACTIVITY/?phase=live')).toBe('双十二保障节')
    expect(await titleOf('/app/preheatActivity')).toBe('双十二保障节')
    expect(await titleOf('/manualactivity/trialfee')).toBe('保费试算')
  })

  it('a listed screen gets its own HTML, the home page too (also under /app)', async () => {
    expect(await titleOf('/shopping')).toBe('商城')
    expect(await titleOf('/app/Shopping/')).toBe('商城')
    expect(await titleOf('/')).toBe('首页')
    expect(await titleOf('/app/')).toBe('首页')
  })

  it('other screens and unknown paths get index.html', async () => {
    expect(await titleOf('/product?id=p-1')).toBe('国恒保险商城')
    expect(await titleOf('/manualactivity')).toBe('国恒保险商城')
  })

  it("allows the prerendered pages' one inline script by its hash, and no other", async () => {
    const res = await test.app.inject({ url: '/preheatActivity' })
    const hash = createHash('sha256').update(PRERENDER_BOOT_SCRIPT).digest('base64')
    const scriptSrc = /script-src [^;]*/.exec(String(res.headers['content-security-policy']))?.[0]
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`)
  })

  it("tells the page the demo server's mode, with the 演示环境 strip first in <body>; compressed, with an ETag", async () => {
    const plain = await test.app.inject({ url: '/product?id=p-1' })
    expect(plain.body).toContain(
      '<head><title>国恒保险商城</title><meta name="app-mode" content="demo" /></head>',
    )
    expect(plain.body).toMatch(
      /<body><div class="demo-strip"><div class="demo-badge"[^>]*><strong>演示环境<\/strong>/,
    )
    expect(plain.headers['cache-control']).toBe('no-cache')
    const phone = await test.app.inject({
      url: '/product?id=p-1',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(phone.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(phone.rawPayload).toString()).toBe(plain.body)
    expect(phone.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'))
    const again = await test.app.inject({
      url: '/product?id=p-2',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(phone.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('the API is never answered with a page', async () => {
    const res = await test.app.inject({ url: '/api/preheatActivity' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })

  it('ignores manifest entries that are not plain route paths and malformed URLs; works without a manifest', () => {
    expect(spaHtmlResolver(dist)('/../../etc/passwd')).toBe('index.html')
    expect(spaHtmlResolver(dist)('/%E0%A4%A')).toBe('index.html')
    expect(spaHtmlResolver(join(dist, 'missing'))('/preheatActivity')).toBe('index.html')
  })
})
