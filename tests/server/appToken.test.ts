import { createHmac, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appTokenConfigFromEnv } from '../../server/modules/auth/appToken/config'
import { loggerOptions } from '../../server/platform/logging'
import { AGREEMENTS, createTestApp, json, loginAs, sessionCookie, type TestApp } from './helpers'
import { createAppTokenFixture, type AppTokenFixture } from './appToken/standIn'
import { wechatOptions } from './wechat/flow'

// Login inside the company's app by its token, checked (signed both ways) at the app-token stand-in.

let fx: AppTokenFixture
let t: TestApp
const logs: string[] = []
beforeAll(async () => {
  fx = await createAppTokenFixture()
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString())
      done()
    },
  })
  t = await createTestApp({
    ...wechatOptions(fx.env),
    smsLimits: { perIpPerHour: 100, perPhonePerDay: 10, loginsPerIpPerHour: 1000 },
    logger: loggerOptions('info', stream),
  })
})
afterAll(async () => {
  await t?.close()
  await fx?.close()
})

let phoneSeq = 0
const nextPhone = () => `136${String(30_000_000 + ++phoneSeq).slice(-8)}`
const appLogin = (body: unknown, app = t.app, ip = '10.5.0.1') =>
  json(app, { method: 'POST', url: '/api/auth/app-token', body, remoteAddress: ip })

describe('POST /api/auth/app-token', () => {
  it('a new user must accept the agreements, then is registered and logged in', async () => {
    const phone = nextPhone()
    const token = fx.standIn.issue(phone)
    const refused = await appLogin({ token })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: { code: 'AGREEMENT_REQUIRED' } })
    expect(
      refused.json<{ error: { details: { field: string }[] } }>().error.details.map((d) => d.field),
    ).toEqual(['agreements', 'agreements', 'agreements'])
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined()
    const partial = await appLogin({ token, agreements: ['privacy'] })
    expect(partial.json()).toMatchObject({ error: { code: 'AGREEMENT_REQUIRED' } })

    const login = await appLogin({ token, agreements: AGREEMENTS })
    expect(login.statusCode, login.body).toBe(200)
    expect(login.json()).toMatchObject({ isNewUser: true, wechatBound: false, user: { phone } })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: sessionCookie(login) },
    })
    expect(me.json()).toMatchObject({ phone })
    expect(fx.standIn.requests.at(-1)).toEqual({ status: 200, code: null, phone })
  })

  it('a known user who accepted the agreements in force is logged in at once', async () => {
    const phone = nextPhone()
    await loginAs(t.app, phone, '10.5.1.1')
    const login = await appLogin({ token: fx.standIn.issue(phone) })
    expect(login.statusCode, login.body).toBe(200)
    expect(login.json()).toMatchObject({ isNewUser: false, wechatBound: false, user: { phone } })
  })

  it('a known user who withdrew consent is asked again', async () => {
    const phone = nextPhone()
    const session = await loginAs(t.app, phone, '10.5.1.2')
    await t.app.inject({ method: 'POST', url: '/api/me/consent-withdrawal', headers: { cookie: session } })
    const token = fx.standIn.issue(phone)
    expect((await appLogin({ token })).json()).toMatchObject({ error: { code: 'AGREEMENT_REQUIRED' } })
    expect((await appLogin({ token, agreements: AGREEMENTS })).json()).toMatchObject({ isNewUser: false })
    expect((await appLogin({ token })).statusCode).toBe(200)
  })

  it('a logged-in browser’s previous session ends', async () => {
    const other = await loginAs(t.app, nextPhone(), '10.5.1.3')
    const phone = nextPhone()
    const login = await json(t.app, {
      method: 'POST',
      url: '/api/auth/app-token',
      body: { token: fx.standIn.issue(phone), agreements: AGREEMENTS },
      headers: { cookie: other },
    })
    expect(login.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other } })).statusCode,
    ).toBe(401)
  })

  it('an unknown or revoked token is 401 APP_TOKEN_INVALID', async () => {
    const token = fx.standIn.issue(nextPhone())
    fx.standIn.revoke(token)
    for (const value of [token, 'at_never_issued']) {
      const answer = await appLogin({ token: value, agreements: AGREEMENTS })
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ error: { code: 'APP_TOKEN_INVALID' } })
      expect(fx.standIn.requests.at(-1)).toMatchObject({ status: 401, code: 'INVALID_TOKEN' })
    }
  })

  it('signed with another secret: the stand-in refuses (SIGNATURE_INVALID) and the login is 502', async () => {
    const config = appTokenConfigFromEnv({ ...fx.env, APP_TOKEN_SECRET: randomBytes(24).toString('hex') })
    if (!config.ok) throw new Error(config.problems.join('; '))
    const wrong = await createTestApp({ appToken: config.config })
    try {
      const answer = await appLogin(
        { token: fx.standIn.issue(nextPhone()), agreements: AGREEMENTS },
        wrong.app,
      )
      expect(answer.statusCode).toBe(502)
      expect(answer.json()).toMatchObject({ error: { code: 'APP_TOKEN_UNAVAILABLE' } })
      expect(fx.standIn.requests.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' })
    } finally {
      await wrong.close()
    }
  })

  it('an answer not signed with the shared secret is not believed', async () => {
    fx.standIn.answerSecret = randomBytes(24).toString('hex')
    try {
      const answer = await appLogin({ token: fx.standIn.issue(nextPhone()), agreements: AGREEMENTS })
      expect(answer.statusCode).toBe(502)
      expect(answer.cookies.find((c) => c.name === 'sid')).toBeUndefined()
    } finally {
      fx.standIn.answerSecret = fx.standIn.secret
    }
  })

  it('is rate-limited per IP address together with the SMS logins', async () => {
    const limited = await createTestApp({
      ...wechatOptions(fx.env),
      smsLimits: { perIpPerHour: 100, perPhonePerDay: 10, loginsPerIpPerHour: 2 },
    })
    try {
      const token = fx.standIn.issue(nextPhone())
      for (let i = 0; i < 2; i++) expect((await appLogin({ token }, limited.app)).statusCode).toBe(400)
      const blocked = await appLogin({ token, agreements: AGREEMENTS }, limited.app)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toMatchObject({ error: { code: 'LOGIN_TOO_FREQUENT' } })
      expect((await appLogin({ token, agreements: AGREEMENTS }, limited.app, '10.5.9.9')).statusCode).toBe(
        200,
      )
    } finally {
      await limited.close()
    }
  })

  it('refuses NUL bytes, over-long tokens and unknown fields with a 400 in our format', async () => {
    for (const body of [
      { token: 'a\u0000b' },
      { token: 'x'.repeat(5000) },
      { token: '' },
      { token: 'x', agreements: ['privacy', 'privacy'] },
      { token: 'x', extra: 1 },
      { token: 1 },
    ]) {
      const answer = await appLogin(body)
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(answer.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } })
    }
  })

  it('never logs the token', async () => {
    const token = fx.standIn.issue(nextPhone())
    await appLogin({ token, agreements: AGREEMENTS })
    await appLogin({ token: `${token}-revoked`, agreements: AGREEMENTS })
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.join('\n')).not.toContain(token)
  })

  it('without APP_TOKEN_VERIFY_URL: off in /api/wechat/config, and refused', async () => {
    const off = await createTestApp()
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/wechat/config' })).json()).toMatchObject({
        appToken: false,
      })
      expect((await appLogin({ token: 'x' }, off.app)).json()).toMatchObject({
        error: { code: 'APP_TOKEN_NOT_CONFIGURED' },
      })
    } finally {
      await off.close()
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/wechat/config' })).json()).toMatchObject({
      appToken: true,
    })
  })
})

describe('the app-token stand-in', () => {
  const sign = (secret: string, timestamp: string, nonce: string, body: string) =>
    createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex')
  const check = (headers: Record<string, string>, body: string) =>
    fetch(fx.standIn.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('refuses a bad HMAC, a stale timestamp and a replayed nonce', async () => {
    const body = JSON.stringify({ token: fx.standIn.issue(nextPhone()) })
    const now = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const headers = (timestamp: string, n: string, signature: string) => ({
      'x-signature-timestamp': timestamp,
      'x-signature-nonce': n,
      'x-signature': signature,
    })
    const bad = await check(headers(now, nonce, sign('not the secret', now, nonce, body)), body)
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ code: 'SIGNATURE_INVALID' })
    const old = String(Number(now) - 301)
    const stale = await check(headers(old, nonce, sign(fx.standIn.secret, old, nonce, body)), body)
    expect(await stale.json()).toEqual({ code: 'STALE_TIMESTAMP' })
    const good = await check(headers(now, nonce, sign(fx.standIn.secret, now, nonce, body)), body)
    expect(good.status).toBe(200)
    const replay = await check(headers(now, nonce, sign(fx.standIn.secret, now, nonce, body)), body)
    expect(await replay.json()).toEqual({ code: 'REPLAYED_NONCE' })
  })
})
