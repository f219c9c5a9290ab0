import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers'

// The operations studio is its own entry: /studio and every path under it get the studio's HTML (its router
// takes over), any other path the consumer app's; consumers never get the studio's page.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-studio-'))
let test: TestApp

beforeAll(async () => {
  mkdirSync(join(dist, 'studio'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>国恒保险商城</title>')
  writeFileSync(join(dist, 'studio', 'index.html'), '<!doctype html><title>国恒运营工作台</title>')
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => test.close())

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

  it('keeps the consumer app on every other path', async () => {
    for (const url of ['/', '/studios', '/activity/spring-sale', '/app/studio'])
      expect(await titleOf(url)).toBe('国恒保险商城')
  })

  it('never answers the studio API with the page', async () => {
    const res = await test.app.inject({ url: '/api/studio/unknown' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })
})
