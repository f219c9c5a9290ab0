import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { JsConfig } from '../../src/types/generated/api/wechat'
import { createTestApp, createTestDatabase, testClock, type TestApp } from './helpers'
import { configure, pageWithSdk, share } from './wechat/browser'
import { PUBLIC_URL, wechatOptions } from './wechat/flow'
import { createWechatFixture, type WechatFixture } from './wechat/standIn'

// The signed wx.config: verified by the stand-in's JS-SDK in a page, for our own pages only; the access_token and
// jsapi_ticket cached in the database for every process (one fetch however many ask), renewed before they expire
// and at once when WeChat says 40001. Race-relevant: run also on PostgreSQL (scripts/with-postgres.sh).

const clock = testClock(new Date())
let fx: WechatFixture
let t: TestApp
beforeAll(async () => {
  fx = await createWechatFixture({ publicUrl: PUBLIC_URL, now: clock.now })
  t = await createTestApp({ ...wechatOptions(fx.env), publicUrl: PUBLIC_URL, now: clock.now })
})
afterAll(async () => {
  await t?.close()
  await fx?.close()
})

const jsConfig = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/wechat/js-config?url=${encodeURIComponent(url)}`, headers })

async function signedConfig(app: FastifyInstance, url: string): Promise<JsConfig> {
  const answer = await jsConfig(app, url)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<JsConfig>()
}

const card = {
  title: '国恒安心意外险',
  desc: '一份给家人的保障',
  link: `${PUBLIC_URL}/activity/3?inviter=AB12`,
  imgUrl: `${PUBLIC_URL}/images/share.png`,
}

describe('wx.config', () => {
  it('is signed so that the stand-in JS-SDK accepts it; then the share cards are recorded', async () => {
    const pageUrl = `${PUBLIC_URL}/activity/3?from=share#top`
    const config = await signedConfig(t.app, pageUrl)
    expect(config).toMatchObject({
      appId: fx.env.WECHAT_APPID,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
      sdkUrl: fx.env.WECHAT_JSSDK_URL,
    })
    expect(config.timestamp).toBe(Math.floor(clock.now().getTime() / 1000))
    expect(config.signature).toMatch(/^[0-9a-f]{40}$/)
    const page = await pageWithSdk(pageUrl, config.sdkUrl)
    try {
      expect(await configure(page.wx, config)).toBe('ready')
      expect(fx.standIn.configs.at(-1)).toMatchObject({
        url: `${PUBLIC_URL}/activity/3?from=share`,
        ok: true,
      })
      expect(await share(page.wx, 'updateAppMessageShareData', card)).toBe('ok')
      expect(await share(page.wx, 'updateTimelineShareData', { ...card, desc: undefined })).toBe('ok')
      expect(fx.standIn.shares.slice(-2)).toEqual([
        { api: 'updateAppMessageShareData', ...card, pageUrl: `${PUBLIC_URL}/activity/3?from=share` },
        {
          api: 'updateTimelineShareData',
          ...card,
          desc: null,
          pageUrl: `${PUBLIC_URL}/activity/3?from=share`,
        },
      ])
      // A share link outside the JS接口安全域名 is refused.
      expect(
        await share(page.wx, 'updateAppMessageShareData', { ...card, link: 'https://evil.example/' }),
      ).toMatch(/:fail/)
    } finally {
      page.close()
    }
  })

  it('a config signed for another page, or tampered with, fails: wx.error, and no share is recorded', async () => {
    const config = await signedConfig(t.app, `${PUBLIC_URL}/activity/4`)
    const shares = fx.standIn.shares.length
    for (const [pageUrl, spoiled] of [
      [`${PUBLIC_URL}/activity/5`, config],
      [`${PUBLIC_URL}/activity/4`, { ...config, nonceStr: `${config.nonceStr}x` }],
      [`${PUBLIC_URL}/activity/4`, { ...config, timestamp: config.timestamp + 1 }],
    ] as const) {
      const page = await pageWithSdk(pageUrl, config.sdkUrl)
      try {
        expect(await configure(page.wx, spoiled)).toBe('config:invalid signature')
        expect(await share(page.wx, 'updateAppMessageShareData', card)).toMatch(/offline verifying/)
      } finally {
        page.close()
      }
    }
    expect(fx.standIn.shares.length).toBe(shares)
  })

  it('is only for a page of ours: PUBLIC_URL’s origin or the request’s own', async () => {
    expect((await jsConfig(t.app, 'http://localhost/activity/1', { host: 'localhost' })).statusCode).toBe(200)
    for (const url of [
      'https://evil.example/activity/1',
      'http://mall.test.evil.example/',
      'https://mall.test/activity/1',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const answer = await jsConfig(t.app, url)
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json()).toMatchObject({ error: { code: 'INVALID_INPUT', details: [{ field: 'url' }] } })
    }
  })

  it('refuses NUL bytes, control characters and over-long URLs with a 400 in our format', async () => {
    for (const url of [
      `/api/wechat/js-config?url=${encodeURIComponent(`${PUBLIC_URL}/a\u0000b`)}`,
      `/api/wechat/js-config?url=${encodeURIComponent(`${PUBLIC_URL}/a\u001bb`)}`,
      `/api/wechat/js-config?url=${encodeURIComponent(`${PUBLIC_URL}/${'a'.repeat(5000)}`)}`,
      '/api/wechat/js-config',
      '/api/wechat/js-config?url=',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json<{ error: { message: string } }>().error.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('lets pages load the JS-SDK (Content-Security-Policy script-src)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/activity/1' })
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toMatch(new RegExp(`script-src 'self' [^;]*${fx.standIn.baseUrl.replace(/\./g, '\\.')}`))
  })
})

describe('the access_token and jsapi_ticket', () => {
  it('are renewed 5 minutes before they expire, not sooner', async () => {
    await signedConfig(t.app, `${PUBLIC_URL}/a`)
    const tokens = fx.standIn.count('/cgi-bin/token')
    const tickets = fx.standIn.count('/cgi-bin/ticket/getticket')
    const { expires_at: expiresAt } = await t.db.db
      .selectFrom('wechat_tokens')
      .select('expires_at')
      .where('kind', '=', `jsapi_ticket:${fx.env.WECHAT_APPID}`)
      .executeTakeFirstOrThrow()
    clock.advance(expiresAt.getTime() - clock.now().getTime() - 5 * 60_000 - 1000)
    await signedConfig(t.app, `${PUBLIC_URL}/a`)
    expect(fx.standIn.count('/cgi-bin/ticket/getticket')).toBe(tickets)
    clock.advance(2000)
    const config = await signedConfig(t.app, `${PUBLIC_URL}/a`)
    expect(fx.standIn.count('/cgi-bin/ticket/getticket')).toBe(tickets + 1)
    expect(fx.standIn.count('/cgi-bin/token')).toBe(tokens + 1)
    const page = await pageWithSdk(`${PUBLIC_URL}/a`, config.sdkUrl)
    try {
      expect(await configure(page.wx, config)).toBe('ready')
    } finally {
      page.close()
    }
  })

  it('errcode 40001 (the access_token was fetched again elsewhere) renews the token at once', async () => {
    await signedConfig(t.app, `${PUBLIC_URL}/b`)
    const tokens = fx.standIn.count('/cgi-bin/token')
    const tickets = fx.standIn.count('/cgi-bin/ticket/getticket')
    fx.standIn.retireAccessTokens()
    // The ticket is due (as it would be after two hours): fetching it meets the retired token.
    await t.db.db.deleteFrom('wechat_tokens').where('kind', 'like', 'jsapi_ticket:%').execute()
    const config = await signedConfig(t.app, `${PUBLIC_URL}/b`)
    expect(fx.standIn.count('/cgi-bin/token')).toBe(tokens + 1)
    expect(fx.standIn.count('/cgi-bin/ticket/getticket')).toBe(tickets + 2)
    expect(fx.standIn.requests.filter((r) => r.errcode === 40001)).toHaveLength(1)
    const page = await pageWithSdk(`${PUBLIC_URL}/b`, config.sdkUrl)
    try {
      expect(await configure(page.wx, config)).toBe('ready')
    } finally {
      page.close()
    }
  })

  it('WeChat failing: 502 in our format, and the next call tries again', async () => {
    await t.db.db.deleteFrom('wechat_tokens').execute()
    fx.standIn.busy = true
    try {
      const answer = await jsConfig(t.app, `${PUBLIC_URL}/c`)
      expect(answer.statusCode).toBe(502)
      expect(answer.json()).toMatchObject({ error: { code: 'WECHAT_UNAVAILABLE' } })
    } finally {
      fx.standIn.busy = false
    }
    expect((await jsConfig(t.app, `${PUBLIC_URL}/c`)).statusCode).toBe(200)
  })

  it('without WECHAT_APPID the route refuses', async () => {
    const off = await createTestApp()
    try {
      const answer = await jsConfig(off.app, 'http://localhost/x')
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ error: { code: 'WECHAT_NOT_CONFIGURED' } })
    } finally {
      await off.close()
    }
  })
})

describe('two server processes on one database', () => {
  it('share the cached token and ticket: one fetch of each, also when WeChat retires the token', async () => {
    const shared = await createWechatFixture({ publicUrl: PUBLIC_URL })
    const database = await createTestDatabase({ seeded: true })
    const apps: FastifyInstance[] = []
    try {
      for (let i = 0; i < 2; i++) {
        const app = await buildApp({
          ...wechatOptions(shared.env),
          distDir: '/nonexistent',
          publicUrl: PUBLIC_URL,
          database: database.database,
        })
        await app.ready()
        apps.push(app)
      }
      const burst = () =>
        Promise.all(Array.from({ length: 6 }, (_, i) => jsConfig(apps[i % 2], `${PUBLIC_URL}/activity/${i}`)))
      for (const answer of await burst()) expect(answer.statusCode, answer.body).toBe(200)
      expect(shared.standIn.count('/cgi-bin/token')).toBe(1)
      expect(shared.standIn.count('/cgi-bin/ticket/getticket')).toBe(1)

      shared.standIn.retireAccessTokens()
      await database.database.db.deleteFrom('wechat_tokens').where('kind', 'like', 'jsapi_ticket:%').execute()
      for (const answer of await burst()) expect(answer.statusCode, answer.body).toBe(200)
      expect(shared.standIn.count('/cgi-bin/token')).toBe(2)
      // One refused with 40001, one with the renewed token.
      expect(shared.standIn.count('/cgi-bin/ticket/getticket')).toBe(3)
    } finally {
      for (const app of apps) await app.close()
      await database.drop()
      await shared.close()
    }
  })
})
