import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressPlugin } from '../../scripts/precompressPlugin'
import { createTestApp, type TestApp } from './helpers'

// The built SPA is served compressed: the build writes .br/.gz beside each asset, the server picks one.
const dist = mkdtempSync(join(tmpdir(), 'mall-dist-'))
const script = `console.log(${JSON.stringify('国恒保险商城 '.repeat(400))})\n`
let test: TestApp

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><body>${'<p>首页</p>'.repeat(200)}</body></html>`,
  )
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script)
  writeFileSync(join(dist, 'assets', 'tiny.js'), 'x()')
  const plugin = precompressPlugin()
  ;(plugin.configResolved as (c: { build: { outDir: string } }) => void)({ build: { outDir: dist } })
  ;(plugin.closeBundle as () => void)()
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => test.close())

describe('precompressed static assets', () => {
  it('the build writes .br and .gz copies of text assets worth compressing', () => {
    const js = join(dist, 'assets', 'app-abc123.js')
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script)
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script)
    expect(() => readFileSync(join(dist, 'assets', 'tiny.js.br'))).toThrow()
  })

  it('serves brotli, else gzip, else the plain file, with long caching for hashed assets', async () => {
    const br = await test.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    expect(br.headers['cache-control']).toContain('immutable')

    const gz = await test.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await test.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('the history fallback still answers any screen path with index.html', async () => {
    const res = await test.app.inject({
      url: '/product?id=p-medical-million',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('首页')
  })
})
