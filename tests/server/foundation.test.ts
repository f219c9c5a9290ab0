import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/platform/config'
import { createTestApp, json, type TestApp } from './helpers'

let t: TestApp
let distDir: string
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'mall-dist-'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>商城</title><div id="root"></div>')
  t = await createTestApp({ distDir })
})
afterAll(async () => {
  await t.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** The src of every video block (tabs included) in the config files under `dir`. */
function videoSources(dir: string): string[] {
  const visit = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(visit)
    if (!value || typeof value !== 'object') return []
    const record = value as Record<string, unknown>
    const own = record.type === 'video' && typeof record.src === 'string' ? [record.src] : []
    return [...own, ...Object.values(record).flatMap(visit)]
  }
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      visit((JSON.parse(readFileSync(join(dir, file), 'utf8')) as { blocks?: unknown }).blocks),
    )
}

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } }

describe('system routes', () => {
  it('reports health with the database kind and mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      mode: 'demo',
    })
  })

  it('gives the server time in +08:00 with epoch milliseconds', async () => {
    const before = Date.now()
    const body = (await t.app.inject({ method: 'GET', url: '/api/time' })).json<{
      now: string
      epochMs: number
    }>()
    expect(body.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/)
    expect(new Date(body.now).getTime()).toBe(body.epochMs)
    expect(body.epochMs).toBeGreaterThanOrEqual(before)
  })

  it('publishes an OpenAPI 3 document of every /api route with the schemas that validate them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      openapi: string
      paths: Record<string, Record<string, { requestBody?: unknown; parameters: { name: string }[] }>>
    }>()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/sms-code',
        '/api/categories',
        '/api/dev/sms-outbox',
        '/api/faqs',
        '/api/health',
        '/api/insurers',
        '/api/me',
        '/api/me/real-name',
        '/api/openapi.json',
        '/api/products',
        '/api/products/{id}',
        '/api/time',
      ]),
    )
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true)
    expect(Object.keys(doc.paths['/api/me']).sort()).toEqual(['get', 'patch'])
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined()
    expect(doc.paths['/api/products'].get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['category', 'insurer', 'keyword', 'tag', 'sort', 'limit', 'cursor']),
    )
  })

  it('shows that document as a readable page at /api/docs/, every file of it served here', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('国恒保险商城 API 参考')
    // No file of the page comes from another host: each one it names answers here.
    const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(files.length).toBeGreaterThan(2)
    for (const file of files) {
      expect(file).not.toMatch(/^(https?:)?\/\//)
      const url = new URL(file, 'http://localhost/api/docs/').pathname
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    }
    // What it draws is the OpenAPI document, without the page's own files.
    const shown = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>
    }>()
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>
    }>()
    expect(Object.keys(shown.paths)).toEqual(Object.keys(doc.paths))
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false)
  })
})

describe('errors: 4xx with a code and a Chinese message naming the field, never a 500', () => {
  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sms-code', payload, headers })

  it('bad JSON', async () => {
    const res = await post('{"phone": ')
    expect(res.statusCode).toBe(400)
    expect(res.json<ErrorBody>().error).toMatchObject({
      code: 'INVALID_JSON',
      message: '请求体不是合法的 JSON',
    })
  })

  it('wrong type, missing field, unknown field', async () => {
    const wrongType = await post(JSON.stringify({ phone: 13800000000 }))
    expect(wrongType.json<ErrorBody>().error).toMatchObject({
      code: 'INVALID_INPUT',
      message: '手机号（phone）类型不正确，应为文本',
      details: [{ field: 'phone' }],
    })
    const missing = await post('{}')
    expect(missing.json<ErrorBody>().error.message).toBe('缺少必填项：手机号（phone）')
    const unknown = await post(JSON.stringify({ phone: '13800000000', admin: true }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<ErrorBody>().error).toMatchObject({
      message: '不支持的字段：admin',
      details: [{ field: 'admin' }],
    })
    const notObject = await post('[1,2]')
    expect(notObject.statusCode).toBe(400)
  })

  it('oversize body (over 1 MB) is 413', async () => {
    const res = await post(JSON.stringify({ phone: 'x'.repeat(1024 * 1024) }))
    expect(res.statusCode).toBe(413)
    expect(res.json<ErrorBody>().error.code).toBe('BODY_TOO_LARGE')
  })

  it('writes must be JSON: form and text bodies are 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await post('phone=13800000000', { 'content-type': type })
      expect(res.statusCode, type).toBe(415)
      expect(res.json<ErrorBody>().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
  })

  it('writes from a foreign origin are 403; same origin passes', async () => {
    const body = JSON.stringify({ phone: '13800000001' })
    const foreign = await post(body, {
      'content-type': 'application/json',
      origin: 'https://evil.example',
      host: 'mall.example',
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json<ErrorBody>().error.code).toBe('FORBIDDEN_ORIGIN')
    const crossSite = await post(body, { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    const same = await post(body, {
      'content-type': 'application/json',
      origin: 'http://mall.example',
      host: 'mall.example',
    })
    expect(same.statusCode).toBe(200)
  })

  it('unknown API routes are a JSON 404; query parameters a route does not take are 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json<ErrorBody>().error.code).toBe('NOT_FOUND')
    const extra = await t.app.inject({ method: 'GET', url: '/api/health?debug=1' })
    expect(extra.statusCode).toBe(400)
    expect(extra.json<ErrorBody>().error.message).toBe('不支持的字段：debug')
  })

  it('a failing database is a 500 without stack trace or SQL', async () => {
    const broken = await createTestApp()
    await broken.db.db.schema.dropTable('categories').cascade().execute()
    const res = await broken.app.inject({ method: 'GET', url: '/api/categories' })
    await broken.close()
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: '服务暂时不可用，请稍后重试' } })
  })
})

describe('SPA serving', () => {
  it('serves index.html for client routes (history fallback) with a CSP that only allows our scripts', async () => {
    for (const url of ['/', '/user', '/app/Login?redirect=%2Fuser', '/activity/worldcup']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<div id="root">')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      // Demo mode runs on plain http: HSTS there would lock a browser out of the demo on that host.
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
    }
  })

  it('sends the page policy with pages only: scripts and styles go without it, an SVG opened alone is sandboxed', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-1a2b3c4d.js'), 'export {}')
    writeFileSync(join(dist, 'assets', 'style-1a2b3c4d.css'), 'body{}')
    writeFileSync(
      join(dist, 'icon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const app = await createTestApp({ distDir: dist })
    try {
      const get = (url: string) => app.app.inject({ method: 'GET', url })
      const page = await get('/')
      expect(page.headers['content-security-policy']).toContain("script-src 'self'")
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
      for (const url of ['/assets/app-1a2b3c4d.js', '/assets/style-1a2b3c4d.css']) {
        const file = await get(url)
        expect(file.statusCode, url).toBe(200)
        expect(file.headers['content-security-policy'], url).toBeUndefined()
        expect(file.headers['x-content-type-options'], url).toBe('nosniff')
      }
      // An SVG can carry a script: opened by itself it runs nothing.
      const svg = await get('/icon.svg')
      expect(svg.headers['content-type']).toContain('image/svg+xml')
      expect(svg.headers['content-security-policy']).toContain("default-src 'none'")
      expect(svg.headers['content-security-policy']).toContain('sandbox')
    } finally {
      await app.close()
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it("lets config pages' videos play: media-src allows every video source of page-configs/", async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/travelSafely' })).headers['content-security-policy'],
    )
    const directive = csp.split(';').map((d) => d.trim().split(/\s+/))
    const media = directive.find(([name]) => name === 'media-src')?.slice(1)
    // Without media-src, default-src 'self' blocks a video from another origin.
    expect(media).toBeDefined()
    expect(media).toContain("'self'")
    const videos = videoSources(join(import.meta.dirname, '../../page-configs'))
    expect(videos.length).toBeGreaterThan(0)
    for (const src of videos) {
      const allowed = src.startsWith('/') ? "'self'" : new URL(src).origin
      expect(media, src).toContain(allowed)
    }
    // Nothing beyond: no wildcard, no plain https:.
    expect(media?.every((source) => source === "'self'" || /^https:\/\/[a-z0-9.-]+$/.test(source))).toBe(true)
  })

  it('tags every response with a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(res.headers['x-request-id']).toBe('abc-123')
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    )
  })

  it('keeps API writes without a body from a client route from reaching the SPA', async () => {
    const res = await json(t.app, { method: 'POST', url: '/user', body: {} })
    expect(res.statusCode).toBe(404)
  })
})

describe('configuration', () => {
  it('defaults to demo mode on ./data, port 8080', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      mode: 'demo',
      port: 8080,
      smsProvider: 'demo',
      paymentProvider: 'sandbox',
    })
    expect(config.dataDir).toMatch(/\/data$/)
  })

  it('refuses production with the demo SMS, the payment sandbox or no cookie secret, naming each', () => {
    let error: unknown
    try {
      loadConfig({ APP_MODE: 'production' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('SMS_PROVIDER')
    expect(message).toContain('PAYMENT_PROVIDER')
    expect(message).toContain('COOKIE_SECRET')
    expect(() => loadConfig({ APP_MODE: 'staging' })).toThrow(/APP_MODE/)
  })

  it('renders screens on one thread of their own unless SSR_THREADS says otherwise', () => {
    expect(loadConfig({}).renderThreads).toBe(1)
    expect(loadConfig({ SSR_THREADS: '3' }).renderThreads).toBe(3)
    expect(loadConfig({ SSR_THREADS: '0' }).renderThreads).toBe(0)
    for (const bad of ['-1', '2.5', 'many', '17'])
      expect(() => loadConfig({ SSR_THREADS: bad })).toThrow(/SSR_THREADS/)
  })
})
