import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { safeReturnTo } from '../../server/modules/wechat/returnTo'
import { AGREEMENTS, createTestApp, json, loginAs, sessionCookie, testClock, type TestApp } from './helpers'
import { createWechatFixture, type WechatFixture } from './wechat/standIn'
import {
  callback,
  clears,
  cookieFrom,
  decide,
  PUBLIC_URL,
  roundTrip,
  startRoundTrip,
  wechatOptions,
} from './wechat/flow'

// Web authorization against the stand-in: the state bound to the browser that started (CSRF), a code exchanged
// once, the first binding through the SMS login, silent login after it, binding while logged in, unbinding.

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

let phoneSeq = 0
const nextPhone = () => `137${String(20_000_000 + ++phoneSeq).slice(-8)}`
const me = (session: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } })
const myWechat = (session: string) =>
  t.app.inject({ method: 'GET', url: '/api/me/wechat', headers: { cookie: session } })

/** SMS login in the browser that holds `cookies` (a wx_bind cookie binds). */
let ipSeq = 0
async function smsLogin(phone: string, cookies: string | null) {
  const ip = `10.3.0.${++ipSeq}`
  await json(t.app, { method: 'POST', url: '/api/auth/sms-code', body: { phone }, remoteAddress: ip })
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })
  const { code } = outbox.json<{ code: string }>()
  return json(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { phone, code, agreements: AGREEMENTS },
    headers: cookies ? { cookie: cookies } : {},
  })
}

/** A WeChat user bound to a new phone account through the SMS login: its phone and that login's session. */
async function boundUser(user: string): Promise<{ phone: string; session: string }> {
  const answer = await roundTrip(t.app, fx.standIn, { user })
  const phone = nextPhone()
  const login = await smsLogin(phone, cookieFrom(answer, 'wx_bind'))
  expect(login.json()).toMatchObject({ wechatBound: true })
  return { phone, session: sessionCookie(login) }
}

describe('the authorize URL', () => {
  it('names appid, redirect_uri, response_type, scope and state in WeChat’s order, and sets the wx_oauth cookie', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'order', returnTo: '/product/1?x=1' })
    const url = new URL(String(trip.start.headers.location))
    expect(`${url.origin}${url.pathname}`).toBe(`${fx.standIn.baseUrl}/connect/oauth2/authorize`)
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state'])
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/wechat/oauth/callback`)
    expect(url.searchParams.get('scope')).toBe('snsapi_base')
    expect(trip.state).toMatch(/^[0-9a-f]{40}$/)
    const cookie = trip.start.cookies.find((c) => c.name === 'wx_oauth')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/wechat/oauth', maxAge: 600 })
    // The stand-in accepted it and sent the browser back with a code and the state.
    expect(fx.standIn.authorizeErrors).toEqual([])
    expect(trip.back).toMatch(new RegExp(`^/api/wechat/oauth/callback\\?code=[0-9a-f]+&state=${trip.state}$`))
  })

  it('keeps returnTo to a path of this site', async () => {
    expect(safeReturnTo('/activity/7?from=share#top')).toBe('/activity/7?from=share#top')
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/api/me',
      '/API/x',
      'x',
      '',
    ])
      expect(safeReturnTo(bad), bad).toBe('/')
    const answer = await roundTrip(t.app, fx.standIn, { user: 'returns', returnTo: '//evil.example/' })
    expect(answer.headers.location).toBe('/Login?redirect=%2F&wechat=bind')
  })

  it('the stand-in refuses a redirect_uri outside the authorized domain', async () => {
    const bad = `${fx.standIn.baseUrl}/connect/oauth2/authorize?appid=${fx.env.WECHAT_APPID}&redirect_uri=${encodeURIComponent('http://evil.example/cb')}&response_type=code&scope=snsapi_base&state=abc`
    const page = await fetch(bad, { headers: { cookie: fx.standIn.userCookie('x') }, redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('redirect_uri域名与后台配置不一致')
    const outside = await fetch(bad, { redirect: 'manual' })
    expect(await outside.text()).toContain('请在微信客户端打开链接')
  })
})

describe('the state (CSRF)', () => {
  it('is refused without the cookie of the browser that started, with another round trip’s, or unsigned', async () => {
    const a = await startRoundTrip(t.app, fx.standIn, { user: 'csrf', returnTo: '/mine' })
    const b = await startRoundTrip(t.app, fx.standIn, { user: 'csrf', returnTo: '/mine' })
    for (const cookie of [null, b.stateCookie, `wx_oauth=${a.state}`]) {
      const answer = await callback(t.app, a.back, cookie)
      expect(answer.statusCode).toBe(302)
      expect(answer.headers.location).toBe('/?wechat=failed')
      expect(cookieFrom(answer, 'sid')).toBeNull()
      expect(cookieFrom(answer, 'wx_bind')).toBeNull()
    }
    // None of those spent the code: the right browser still completes.
    const right = await callback(t.app, a.back, a.stateCookie)
    expect(right.headers.location).toBe('/Login?redirect=%2Fmine&wechat=bind')
  })

  it('works once: the same callback again is refused', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'replay', returnTo: '/a' })
    expect((await callback(t.app, trip.back, trip.stateCookie)).headers.location).toBe(
      '/Login?redirect=%2Fa&wechat=bind',
    )
    const again = await callback(t.app, trip.back, trip.stateCookie)
    expect(again.headers.location).toBe('/a?wechat=failed')
    expect(cookieFrom(again, 'wx_bind')).toBeNull()
  })

  it('expires after 10 minutes', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'slow', returnTo: '/b' })
    clock.advance(10 * 60_000 + 1000)
    expect((await callback(t.app, trip.back, trip.stateCookie)).headers.location).toBe('/b?wechat=failed')
  })
})

describe('the code', () => {
  it('is exchanged once: brought back under another state it is refused before WeChat is asked', async () => {
    const a = await startRoundTrip(t.app, fx.standIn, { user: 'code', returnTo: '/c' })
    const b = await startRoundTrip(t.app, fx.standIn, { user: 'code', returnTo: '/c' })
    expect((await callback(t.app, a.back, a.stateCookie)).statusCode).toBe(302)
    const exchanges = fx.standIn.count('/sns/oauth2/access_token')
    const codeOfA = new URL(a.back, PUBLIC_URL).searchParams.get('code')
    const mixed = `/api/wechat/oauth/callback?code=${codeOfA}&state=${b.state}`
    expect((await callback(t.app, mixed, b.stateCookie)).headers.location).toBe('/c?wechat=failed')
    expect(fx.standIn.count('/sns/oauth2/access_token')).toBe(exchanges)
  })

  it('the stand-in answers 40163 for a used code and 40029 for an unknown one', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'code2' })
    await callback(t.app, trip.back, trip.stateCookie)
    const code = new URL(trip.back, PUBLIC_URL).searchParams.get('code') ?? ''
    const exchange = (value: string) =>
      fetch(
        `${fx.standIn.baseUrl}/sns/oauth2/access_token?appid=${fx.env.WECHAT_APPID}&secret=${fx.env.WECHAT_APPSECRET}&code=${value}&grant_type=authorization_code`,
      ).then((r) => r.json() as Promise<{ errcode: number }>)
    expect((await exchange(code)).errcode).toBe(40163)
    expect((await exchange('nope')).errcode).toBe(40029)
  })
})

describe('binding and silent login', () => {
  it('binds an unbound WeChat user at the SMS login that follows, then logs them in silently', async () => {
    const first = await roundTrip(t.app, fx.standIn, { user: 'alice', returnTo: '/activity/9?from=share' })
    expect(first.headers.location).toBe('/Login?redirect=%2Factivity%2F9%3Ffrom%3Dshare&wechat=bind')
    expect(cookieFrom(first, 'sid')).toBeNull()
    const bind = cookieFrom(first, 'wx_bind')
    expect(first.cookies.find((c) => c.name === 'wx_bind')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 1800,
    })
    const phone = nextPhone()
    const login = await smsLogin(phone, bind)
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ isNewUser: true, wechatBound: true })
    expect(clears(login, 'wx_bind')).toBe(true)
    expect((await myWechat(sessionCookie(login))).json()).toEqual({ bound: true, nickname: null })

    // Later, in a fresh browser inside WeChat: straight back to the page, logged in.
    const later = await roundTrip(t.app, fx.standIn, { user: 'alice', returnTo: '/activity/9' })
    expect(later.headers.location).toBe('/activity/9')
    const session = cookieFrom(later, 'sid')
    expect(session).not.toBeNull()
    expect((await me(session ?? '')).json()).toMatchObject({ phone })
  })

  it('a wx_bind cookie binds once; an SMS login without one binds nothing', async () => {
    const answer = await roundTrip(t.app, fx.standIn, { user: 'once' })
    const bind = cookieFrom(answer, 'wx_bind')
    expect((await smsLogin(nextPhone(), bind)).json()).toMatchObject({ wechatBound: true })
    expect((await smsLogin(nextPhone(), bind)).json()).toMatchObject({ wechatBound: false })
    expect((await smsLogin(nextPhone(), null)).json()).toMatchObject({ wechatBound: false })
    expect((await smsLogin(nextPhone(), 'wx_bind=forged')).json()).toMatchObject({ wechatBound: false })
  })

  it('a pending binding lasts 30 minutes', async () => {
    const answer = await roundTrip(t.app, fx.standIn, { user: 'late' })
    clock.advance(30 * 60_000 + 1000)
    expect((await smsLogin(nextPhone(), cookieFrom(answer, 'wx_bind'))).json()).toMatchObject({
      wechatBound: false,
    })
  })

  it('a bound WeChat user replaces whoever was logged in on this browser', async () => {
    const { phone } = await boundUser('switch')
    const other = await loginAs(t.app, nextPhone())
    const answer = await roundTrip(t.app, fx.standIn, { user: 'switch', returnTo: '/x', session: other })
    expect(answer.headers.location).toBe('/x')
    expect((await me(cookieFrom(answer, 'sid') ?? '')).json()).toMatchObject({ phone })
    expect((await me(other)).statusCode).toBe(401)
  })

  it('after consent is withdrawn, the silent login sends the user to the login screen', async () => {
    const { session } = await boundUser('withdrawn')
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/me/consent-withdrawal',
      headers: { cookie: session },
    })
    expect(withdraw.statusCode).toBe(200)
    const answer = await roundTrip(t.app, fx.standIn, { user: 'withdrawn', returnTo: '/y' })
    expect(answer.headers.location).toBe('/Login?redirect=%2Fy')
    expect(cookieFrom(answer, 'sid')).toBeNull()
  })

  it('unbinding ends the silent login', async () => {
    const { session } = await boundUser('unbind')
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/wechat',
      headers: { cookie: session },
    })
    expect(removed.json()).toEqual({ ok: true })
    expect((await myWechat(session)).json()).toEqual({ bound: false, nickname: null })
    const answer = await roundTrip(t.app, fx.standIn, { user: 'unbind', returnTo: '/z' })
    expect(answer.headers.location).toBe('/Login?redirect=%2Fz&wechat=bind')
  })
})

describe('snsapi_userinfo', () => {
  it('a logged-in user who allows gets bound, with the nickname; the second time WeChat asks nothing', async () => {
    fx.standIn.user('carol', { nickname: '卡罗尔' })
    const session = await loginAs(t.app, nextPhone())
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'carol', scope: 'userinfo', session })
    expect(trip.back).toBe('')
    const back = await decide(fx.standIn, trip.page, 'carol', 'allow')
    const answer = await callback(t.app, back, trip.stateCookie, session)
    expect(answer.headers.location).toBe('/activity/1')
    expect((await myWechat(session)).json()).toEqual({ bound: true, nickname: '卡罗尔' })
    const again = await startRoundTrip(t.app, fx.standIn, { user: 'carol', scope: 'userinfo', session })
    expect(again.page.status).toBe(302)
  })

  it('binding another WeChat account replaces the user’s older one', async () => {
    const session = await loginAs(t.app, nextPhone())
    await roundTrip(t.app, fx.standIn, { user: 'older', session })
    await roundTrip(t.app, fx.standIn, { user: 'newer', session })
    const rows = await t.db.db
      .selectFrom('wechat_bindings')
      .select('openid')
      .where('openid', 'in', [fx.standIn.user('older').openid, fx.standIn.user('newer').openid])
      .execute()
    expect(rows.map((r) => r.openid)).toEqual([fx.standIn.user('newer').openid])
  })

  it('拒绝 comes back without a code: wechat=failed, nothing bound', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, {
      user: 'dave',
      scope: 'userinfo',
      returnTo: '/p?q=1',
    })
    const back = await decide(fx.standIn, trip.page, 'dave', 'deny')
    expect(back).toBe(`/api/wechat/oauth/callback?state=${trip.state}`)
    const answer = await callback(t.app, back, trip.stateCookie)
    expect(answer.headers.location).toBe('/p?q=1&wechat=failed')
  })
})

describe('at the same time (single use holds in SQL; run on PostgreSQL too)', () => {
  it('one callback of several in parallel completes; WeChat is asked once', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'parallel', returnTo: '/s' })
    const exchanges = fx.standIn.count('/sns/oauth2/access_token')
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callback(t.app, trip.back, trip.stateCookie)),
    )
    const locations = answers.map((a) => a.headers.location).sort()
    expect(locations).toEqual([
      '/Login?redirect=%2Fs&wechat=bind',
      '/s?wechat=failed',
      '/s?wechat=failed',
      '/s?wechat=failed',
    ])
    expect(fx.standIn.count('/sns/oauth2/access_token')).toBe(exchanges + 1)
  })

  it('a wx_bind cookie brought to several logins at once binds one account', async () => {
    const answer = await roundTrip(t.app, fx.standIn, { user: 'race' })
    const bind = cookieFrom(answer, 'wx_bind')
    const logins = await Promise.all(Array.from({ length: 3 }, () => smsLogin(nextPhone(), bind)))
    expect(logins.map((l) => l.json<{ wechatBound: boolean }>().wechatBound).sort()).toEqual([
      false,
      false,
      true,
    ])
  })
})

describe('input and configuration', () => {
  it('refuses NUL bytes and over-long values with a 400 in our format', async () => {
    for (const url of [
      '/api/wechat/oauth/callback?code=a%00b&state=x',
      `/api/wechat/oauth/callback?code=x&state=${'a'.repeat(200)}`,
      `/api/wechat/oauth/start?returnTo=/${'a'.repeat(300)}`,
      '/api/wechat/oauth/start?scope=snsapi_userinfo',
      '/api/wechat/oauth/callback?code=x&state=y&extra=1',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json<{ error: { code: string; message: string } }>().error.message).toMatch(
        /[\u4e00-\u9fff]/,
      )
    }
  })

  it('a failure at WeChat sends the browser back with wechat=failed, never an error page', async () => {
    const trip = await startRoundTrip(t.app, fx.standIn, { user: 'fails', returnTo: '/r' })
    fx.standIn.busy = true
    try {
      expect((await callback(t.app, trip.back, trip.stateCookie)).headers.location).toBe('/r?wechat=failed')
    } finally {
      fx.standIn.busy = false
    }
  })

  it('without WECHAT_APPID: config says off, start goes straight back, the rest refuses', async () => {
    const off = await createTestApp({ publicUrl: PUBLIC_URL })
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/wechat/config' })).json()).toEqual({
        oauth: false,
        jssdk: false,
        appToken: false,
      })
      const start = await off.app.inject({ method: 'GET', url: '/api/wechat/oauth/start?returnTo=%2Fq' })
      expect(start.statusCode).toBe(302)
      expect(start.headers.location).toBe('/q')
      const callbackOff = await off.app.inject({ method: 'GET', url: '/api/wechat/oauth/callback?state=a' })
      expect(callbackOff.headers.location).toBe('/?wechat=failed')
      const session = await loginAs(off.app, nextPhone())
      expect(
        (await off.app.inject({ method: 'GET', url: '/api/me/wechat', headers: { cookie: session } })).json(),
      ).toEqual({ bound: false, nickname: null })
    } finally {
      await off.close()
    }
  })

  it('config says on with WECHAT_APPID', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wechat/config' })).json()).toEqual({
      oauth: true,
      jssdk: true,
      appToken: false,
    })
  })
})
