import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREEN_SLOTS, SCREEN_TEMPLATES_FILE } from '../../src/page-config/screenHtml'
import { createTestApp, writeStandInRenderer, type TestApp } from './helpers'

// The operations studio is its own entry: /studio and every path under it get the studio's HTML (its router
// takes over), any other path the consumer app's; consumers never get the studio's page. The stand-in for the
// server's renderer of screens renders every path as the app's not-found screen, as the real one's catch-all
// route does: the studio's paths must not reach it.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-studio-'))
let test: TestApp

const RENDERER = `
export async function renderScreen(request) {
  return {
    rendered: true,
    route: '*',
    title: '页面不存在',
    html: '<p>页面不存在</p>',
    snapshot: { pathname: request.url.split('?')[0], nowMs: request.nowMs },
    payload: '{}',
  }
}`
const TEMPLATE = `<!doctype html><title>${SCREEN_SLOTS.title}</title><div id="root" ${SCREEN_SLOTS.rootAttributes}>${SCREEN_SLOTS.root}</div><script type="application/json" id="screen-data">${SCREEN_SLOTS.data}</script>`

beforeAll(async () => {
  writeStandInRenderer(dist, RENDERER)
  writeFileSync(join(dist, SCREEN_TEMPLATES_FILE), JSON.stringify({ '*': TEMPLATE }))
  mkdirSync(join(dist, 'studio'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title>')
  writeFileSync(join(dist, 'studio', 'index.html'), '<!doctype html><title>国恒运营工作台</title>')
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => {
  await test.close()
  rmSync(dist, { recursive: true, force: true })
})

const titleOf = async (url: string) => {
  const res = await test.app.inject({ url })
  expect(res.statusCode).toBe(200)
  return /<title>([^<]*)<\/title>/.exec(res.body)?.[1]
}

describe('studio entry HTML', () => {
  it('serves the studio at /studio/ and any studio path (history fallback)', async () => {
    for (const url of ['/studio', '/studio/', '/studio/pages/spring-sale', '/Studio/login?from=%2Fstudio%2F'])
      expect(await titleOf(url)).toBe('国恒运营工作台')
  })

  it('keeps the consumer app (here its not-found screen) on every other path', async () => {
    for (const url of ['/studios', '/activity/spring-sale', '/app/studio'])
      expect(await titleOf(url)).toBe('页面不存在')
  })

  it('a HEAD of a studio path answers like its GET', async () => {
    const res = await test.app.inject({ method: 'HEAD', url: '/studio/pages/spring-sale' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })

  it('never answers the studio API with the page', async () => {
    const res = await test.app.inject({ url: '/api/studio/unknown' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })
})
