import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spaHtmlResolver } from '../../server/platform/spaPages'
import { createTestApp, type TestApp } from './helpers'

// A config page's path gets that page's own HTML (its chunks preloaded, its title), in any letter case and under
// /app too; every other screen path gets index.html.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-pages-'))
let test: TestApp

beforeAll(async () => {
  mkdirSync(join(dist, 'preheatActivity'))
  mkdirSync(join(dist, 'manualactivity', 'trialFee'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title>')
  writeFileSync(join(dist, 'preheatActivity', 'index.html'), '<!doctype html><title>双十二保障节</title>')
  writeFileSync(
    join(dist, 'manualactivity', 'trialFee', 'index.html'),
    '<!doctype html><title>保费试算</title>',
  )
  writeFileSync(
    join(dist, 'config-pages.json'),
    JSON.stringify({ routes: ['/preheatActivity', '/manualactivity/trialFee', '/../../etc/passwd'] }),
  )
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => test.close())

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

  it('other screens and unknown paths get index.html', async () => {
    expect(await titleOf('/product?id=p-1')).toBe('国恒保险商城')
    expect(await titleOf('/manualactivity')).toBe('国恒保险商城')
    expect(await titleOf('/app')).toBe('国恒保险商城')
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
