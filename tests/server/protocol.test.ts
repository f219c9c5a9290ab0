import { connect } from 'node:net'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '../../server/platform/logging'
import { DEMO_PREVIEW_SECRET, PreviewTokens } from '../../server/modules/pages/previewTokens'
import { buildApp } from '../../server/app'
import { createTestApp, createTestDatabase, json, loginAs, type TestApp } from './helpers'

// What arrives before a route runs or outside one: requests Node's parser or Fastify's router refuse, the
// shutdown, the Origin check, and what the access log keeps. Every answer is in our error format.

type ErrorBody = { error: { code: string; message: string } }

let t: TestApp
let port: number
const logLines: string[] = []
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  t = await createTestApp({ logger: loggerOptions('info', sink) })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as { port: number }).port
})
afterAll(() => t.close())

/** Sends raw bytes and returns the raw answer (status line, headers, body). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.write(request)
  })
}

function parse(answer: string): { status: number; body: ErrorBody } {
  const [head, ...rest] = answer.split('\r\n\r\n')
  return { status: Number(head.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) as ErrorBody }
}

describe('requests refused before a route runs answer in our format', () => {
  it('bad URL encoding in the path is 400 BAD_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'BAD_URL', message: '请求地址编码不正确' })
  })

  it('an over-long path parameter is 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(300)}` })
    expect(res.statusCode).toBe(414)
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'URI_TOO_LONG', message: '请求地址过长' })
  })

  it('oversized headers are 431, a bad Content-Length and garbage are 400, on the raw socket', async () => {
    const big = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    )
    expect(big.status).toBe(431)
    expect(big.body.error).toMatchObject({ code: 'HEADERS_TOO_LARGE', message: '请求头或地址过长' })
    const url = parse(await raw(`GET /api/health?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`))
    expect(url.status).toBe(431)
    const length = parse(
      await raw('POST /api/auth/sms-code HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'),
    )
    expect(length.status).toBe(400)
    expect(length.body.error.code).toBe('INVALID_CONTENT_LENGTH')
    const garbage = parse(await raw('\u0000\u0001 nonsense\r\n\r\n'))
    expect(garbage.status).toBe(400)
    expect(garbage.body.error).toMatchObject({ code: 'BAD_REQUEST', message: '请求格式不正确' })
  })

  it('a body on a route that takes none is 400; a charset other than UTF-8 is 415', async () => {
    const body = await json(t.app, { method: 'POST', url: '/api/auth/logout', body: {} })
    expect(body.statusCode).toBe(400)
    expect(body.json<ErrorBody>().error).toMatchObject({
      code: 'BODY_NOT_ALLOWED',
      message: '该接口不接受请求体',
    })
    const latin1 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms-code',
      headers: { 'content-type': 'application/json; charset=ISO-8859-1' },
      payload: '{"phone":"13800000000"}',
    })
    expect(latin1.statusCode).toBe(415)
    expect(latin1.json<ErrorBody>().error.code).toBe('UNSUPPORTED_CHARSET')
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms-code',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0x22, 0x70, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json<ErrorBody>().error.code).toBe('INVALID_ENCODING')
  })
})

describe('the Origin check', () => {
  it('compares scheme, host and port', async () => {
    const post = (origin: string) =>
      json(t.app, {
        method: 'POST',
        url: '/api/auth/sms-code',
        body: { phone: '13800000099' },
        headers: { host: `127.0.0.1:${port}`, origin },
      })
    for (const foreign of [
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      'http://127.0.0.1',
      'null',
    ])
      expect((await post(foreign)).statusCode, foreign).toBe(403)
    expect((await post(`http://127.0.0.1:${port}`)).statusCode).toBe(200)
  })
})

describe('the access log', () => {
  it('never holds a share-link token, a session id or a full phone number', async () => {
    const phone = '13912345678'
    const cookie = await loginAs(t.app, phone)
    const sid = cookie.split('=')[1]
    const token = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.1790000000000.${'A'.repeat(43)}`
    await t.app.inject({ method: 'GET', url: `/api/policies/shared?token=${encodeURIComponent(token)}` })
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })
    const log = logLines.join('\n')
    expect(log).toContain('/api/dev/sms-outbox?phone=139****5678')
    expect(log).not.toContain(phone)
    expect(log).not.toContain(sid)
    expect(log).not.toContain(decodeURIComponent(sid))
    expect(log).not.toContain('A'.repeat(43))
  })

  it('never holds a studio preview link token (the page link and the API call)', async () => {
    const token = new PreviewTokens(DEMO_PREVIEW_SECRET).create(
      'log-test',
      1,
      new Date(Date.now() + 3600_000),
    )
    const [payload, signature] = token.split('.')
    await t.app.inject({ method: 'GET', url: `/activity/log-test?preview=${token}&now=2026-11-22T12%3A00` })
    await t.app.inject({ method: 'GET', url: `/api/pages/log-test/preview?token=${token}` })
    const log = logLines.join('\n')
    expect(log).toContain('/activity/log-test?preview=[已隐藏]&now=')
    expect(log).not.toContain(payload)
    expect(log).not.toContain(signature)
  })
})

describe('shutting down', () => {
  it('answers a request that still arrives on an open connection 503 in our format', async () => {
    const database = await createTestDatabase()
    const app: FastifyInstance = await buildApp({ database: database.database, distDir: '/nonexistent' })
    let release!: () => void
    app.get('/api/test-slow', async () => new Promise((resolve) => (release = () => resolve({ ok: true }))))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    const ended = new Promise((resolve) => socket.on('close', resolve))
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
    // A slow request keeps this connection busy, so closing does not drop it; the next one arrives late.
    socket.write('GET /api/test-slow HTTP/1.1\r\nHost: x\r\n\r\n')
    await pause(100)
    const done = app.close()
    await pause(50)
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')
    await pause(100)
    release()
    await Promise.race([ended, pause(3000)])
    socket.destroy()
    await done
    await database.drop()
    const late = answer
      .split('HTTP/1.1 ')
      .slice(1)
      .find((r) => r.startsWith('503'))
    expect(late, answer).toBeDefined()
    const body = JSON.parse(late!.slice(late!.indexOf('{'))) as ErrorBody
    expect(body.error).toMatchObject({ code: 'SHUTTING_DOWN', message: '服务正在重启，请稍后重试' })
  })
})
