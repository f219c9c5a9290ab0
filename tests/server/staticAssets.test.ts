import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
  // Vite calls the hooks with the environment being built: the app compresses its whole folder, the studio (built
  // after it into the same folder) only the files of its own bundle.
  const environment = (name: string) => ({ environment: { name, config: { build: { outDir: dist } } } })
  ;(plugin.closeBundle as (this: unknown) => void).call(environment('client'))
  writeFileSync(join(dist, 'assets', 'studio-abc123.js'), script)
  ;(plugin.writeBundle as (this: unknown, o: { dir: string }, b: Record<string, unknown>) => void).call(
    environment('studio'),
    { dir: dist },
    { 'assets/studio-abc123.js': {} },
  )
  test = await createTestApp({ distDir: dist })
})
afterAll(async () => {
  await test.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('precompressed static assets', () => {
  it('the build writes .br and .gz copies of text assets worth compressing', () => {
    const js = join(dist, 'assets', 'app-abc123.js')
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script)
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script)
    expect(() => readFileSync(join(dist, 'assets', 'tiny.js.br'))).toThrow()
    const studio = join(dist, 'assets', 'studio-abc123.js')
    expect(gunzipSync(readFileSync(`${studio}.gz`)).toString()).toBe(script)
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
