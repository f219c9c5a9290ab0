import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_AGREEMENTS } from '../../src/config/agreements'
import { AGREEMENT_VERSIONS } from '../../server/modules/auth/agreements'
import type { Database } from '../../server/db/database'
import { SandboxPaymentProvider } from '../../server/modules/payments/providers/sandbox'
import { aliyunSmsConfigFromEnv } from '../../server/modules/auth/sms/aliyun/config'
import { AliyunSmsProvider } from '../../server/modules/auth/sms/aliyun/provider'
import { SmsSendError, type SmsProvider } from '../../server/modules/auth/sms/provider'
import type { MeOverview } from '../../src/types/generated/api/auth'
import type { Order } from '../../src/types/generated/api/order'
import { startAliyunSmsStandIn } from './aliyunSms/standIn'
import { AGREEMENTS, createTestApp, json, loginAs, sessionCookie, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    smsLimits: { perIpPerHour: 6, perPhonePerDay: 10, loginsPerIpPerHour: 1000 },
  })
})
afterAll(() => t.close())

let phoneSeq = 0
const nextPhone = () => `139${String(10_000_000 + ++phoneSeq).slice(-8)}`
let ipSeq = 0
const nextIp = () => `10.1.0.${++ipSeq}`

async function requestCode(phone: string, ip = nextIp()) {
  const res = await json(t.app, {
    method: 'POST',
    url: '/api/auth/sms-code',
    body: { phone },
    remoteAddress: ip,
  })
  return res
}
async function outboxCode(phone: string): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })).json<{
    code: string
  }>().code
}
const login = (body: unknown, headers?: Record<string, string>) =>
  json(t.app, { method: 'POST', url: '/api/auth/login', body, headers })

describe('SMS code', () => {
  it('sends a 6-digit code to the demo outbox and the log', async () => {
    const phone = nextPhone()
    const res = await requestCode(phone)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 })
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })
    expect(outbox.json<{ code: string; message: string }>().code).toMatch(/^\d{6}$/)
    expect(outbox.json<{ message: string }>().message).toContain(outbox.json<{ code: string }>().code)
  })

  it('allows one code per phone per 60 s and says how many seconds are left', async () => {
    const phone = nextPhone()
    expect((await requestCode(phone)).statusCode).toBe(200)
    clock.advance(18_000)
    const again = await requestCode(phone)
    expect(again.statusCode).toBe(429)
    expect(again.headers['retry-after']).toBe('42')
    expect(again.json()).toMatchObject({
      error: {
        code: 'SMS_TOO_FREQUENT',
        message: '验证码发送过于频繁，请42秒后再试',
        details: [{ field: 'phone', retryAfterSeconds: 42 }],
      },
    })
    clock.advance(42_000)
    expect((await requestCode(phone)).statusCode).toBe(200)
  })

  it('limits codes per IP address', async () => {
    const ip = '10.9.9.9'
    for (let i = 0; i < 6; i++) expect((await requestCode(nextPhone(), ip)).statusCode).toBe(200)
    const blocked = await requestCode(nextPhone(), ip)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ error: { code: 'SMS_IP_LIMIT' } })
    expect((await requestCode(nextPhone(), '10.9.9.10')).statusCode).toBe(200)
  })

  it('caps codes per phone per calendar day (Asia/Shanghai)', async () => {
    const phone = nextPhone()
    for (let i = 0; i < 10; i++) {
      expect((await requestCode(phone)).statusCode).toBe(200)
      clock.advance(61_000)
    }
    const capped = await requestCode(phone)
    expect(capped.statusCode).toBe(429)
    expect(capped.json()).toMatchObject({
      error: { code: 'SMS_DAILY_LIMIT', message: '该手机号今日获取验证码次数已达上限，请明天再试' },
    })
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0)
    // The next calendar day in Shanghai the phone may ask again.
    clock.advance(Number(capped.headers['retry-after']) * 1000)
    expect((await requestCode(phone)).statusCode).toBe(200)
  })

  it('voids a code the gateway did not send, so the user may ask again at once', async () => {
    let fail = true
    const gateway: SmsProvider = {
      name: 'flaky',
      sendLoginCode: async () => {
        if (fail) throw new SmsSendError('gateway down')
      },
    }
    const flaky = await createTestApp({ now: clock.now, smsProvider: gateway })
    try {
      const send = () =>
        json(flaky.app, { method: 'POST', url: '/api/auth/sms-code', body: { phone: '13912345678' } })
      const failed = await send()
      expect(failed.statusCode).toBe(503)
      expect(failed.json()).toMatchObject({
        error: { code: 'SMS_SEND_FAILED', message: '短信发送失败，请稍后重试' },
      })
      fail = false
      expect((await send()).statusCode).toBe(200)
    } finally {
      await flaky.close()
    }
  })

  it('rejects a bad phone number with 400 naming the field', async () => {
    for (const phone of ['12345', '12800000000', '1380000000a', 13800000000]) {
      const res = await json(t.app, { method: 'POST', url: '/api/auth/sms-code', body: { phone } })
      expect(res.statusCode, String(phone)).toBe(400)
      expect(
        res.json<{ error: { code: string; message: string; details: { field: string }[] } }>().error,
      ).toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ field: 'phone' }],
      })
      expect(res.json<{ error: { message: string } }>().error.message).toContain('手机号')
    }
  })
})

describe('login', () => {
  it('requires all three agreements and records their versions with the time', async () => {
    expect(AGREEMENT_VERSIONS).toEqual(Object.fromEntries(LOGIN_AGREEMENTS.map((a) => [a.key, a.version])))
    const phone = nextPhone()
    await requestCode(phone)
    const code = await outboxCode(phone)
    for (const agreements of [[], ['privacy', 'service']]) {
      const res = await login({ phone, code, agreements })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe('AGREEMENT_REQUIRED')
    }
    const missing = await login({ phone, code, agreements: ['privacy', 'service'] })
    expect(missing.json<{ error: { message: string } }>().error.message).toContain(
      '个人敏感信息收集使用授权书',
    )

    const ok = await login({ phone, code, agreements: AGREEMENTS })
    expect(ok.statusCode).toBe(200)
    const body = ok.json<{ user: { id: string; phone: string; phoneMasked: string }; isNewUser: boolean }>()
    expect(body.isNewUser).toBe(true)
    expect(body.user.phoneMasked).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`)
    const consents = await t.db.db
      .selectFrom('user_agreements')
      .selectAll()
      .where('user_id', '=', body.user.id)
      .execute()
    expect(consents.map((c) => `${c.agreement}@${c.version}`).sort()).toEqual([
      'privacy@2026-12-01',
      'sensitive@2026-11-01',
      'service@2026-11-01',
    ])
    expect(consents.every((c) => c.accepted_at.getTime() === clock.now().getTime())).toBe(true)
  })

  it('sets an HttpOnly SameSite=Lax session cookie; the same phone later is the same user', async () => {
    const phone = nextPhone()
    await requestCode(phone)
    const first = await login({ phone, code: await outboxCode(phone), agreements: AGREEMENTS })
    const cookie = first.cookies.find((c) => c.name === 'sid')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 })
    clock.advance(61_000)
    await requestCode(phone)
    const second = await login({ phone, code: await outboxCode(phone), agreements: AGREEMENTS })
    expect(second.json<{ isNewUser: boolean }>().isNewUser).toBe(false)
    expect(second.json<{ user: { id: string } }>().user.id).toBe(
      first.json<{ user: { id: string } }>().user.id,
    )
  })

  it('counts wrong codes and voids the code on the 5th wrong try', async () => {
    const phone = nextPhone()
    await requestCode(phone)
    const code = await outboxCode(phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let left = 4; left >= 1; left--) {
      const res = await login({ phone, code: wrong, agreements: AGREEMENTS })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        error: { code: 'CODE_INVALID', message: `验证码不正确，还可尝试${left}次` },
      })
    }
    const fifth = await login({ phone, code: wrong, agreements: AGREEMENTS })
    expect(fifth.json()).toMatchObject({ error: { code: 'CODE_VOIDED' } })
    const right = await login({ phone, code, agreements: AGREEMENTS })
    expect(right.statusCode).toBe(400)
    expect(right.json()).toMatchObject({ error: { code: 'CODE_EXPIRED' } })
  })

  it('limits login attempts per IP address, across phones', async () => {
    const limited = await createTestApp({
      now: clock.now,
      smsLimits: { perIpPerHour: 20, perPhonePerDay: 10, loginsPerIpPerHour: 3 },
    })
    try {
      const attempt = () =>
        json(limited.app, {
          method: 'POST',
          url: '/api/auth/login',
          body: { phone: nextPhone(), code: '123456', agreements: AGREEMENTS },
          remoteAddress: '10.7.7.7',
        })
      for (let i = 0; i < 3; i++) expect((await attempt()).json().error.code).toBe('CODE_EXPIRED')
      const blocked = await attempt()
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toMatchObject({ error: { code: 'LOGIN_TOO_FREQUENT' } })
    } finally {
      await limited.close()
    }
  })

  it('accepts a code for 5 minutes and only once', async () => {
    const phone = nextPhone()
    await requestCode(phone)
    const code = await outboxCode(phone)
    clock.advance(300_000)
    expect((await login({ phone, code, agreements: AGREEMENTS })).json()).toMatchObject({
      error: { code: 'CODE_EXPIRED' },
    })

    clock.advance(1_000)
    await requestCode(phone)
    const fresh = await outboxCode(phone)
    clock.advance(299_000)
    expect((await login({ phone, code: fresh, agreements: AGREEMENTS })).statusCode).toBe(200)
    expect((await login({ phone, code: fresh, agreements: AGREEMENTS })).json()).toMatchObject({
      error: { code: 'CODE_EXPIRED' },
    })
  })
})

describe('session and /api/me', () => {
  it('answers 401 UNAUTHENTICATED when logged out or with a forged cookie', async () => {
    for (const cookie of [undefined, 'sid=forged', 'sid=abc.def']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: '请先登录' } })
    }
  })

  it('reads and updates only the logged-in user; a second user cannot see the first one’s data', async () => {
    const phoneA = nextPhone()
    const phoneB = nextPhone()
    const a = await loginAs(t.app, phoneA, nextIp())
    const b = await loginAs(t.app, phoneB, nextIp())

    const renamed = await json(t.app, {
      method: 'PATCH',
      url: '/api/me',
      body: { nickname: '小明' },
      headers: { cookie: a },
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ nickname: '小明', phone: phoneA })
    const verified = await json(t.app, {
      method: 'POST',
      url: '/api/me/real-name',
      body: { name: '张三', idNumber: '110101199003078515' },
      headers: { cookie: a },
    })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ realName: { name: '*三', idNumber: '1101**********8515' } })

    const meB = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: b } })).json<
      Record<string, unknown>
    >()
    expect(meB).toMatchObject({ phone: phoneB, realName: null })
    expect(meB.nickname).not.toBe('小明')
    expect(JSON.stringify(meB)).not.toContain(phoneA)
    // B's PATCH changes B only.
    await json(t.app, { method: 'PATCH', url: '/api/me', body: { nickname: 'Bee' }, headers: { cookie: b } })
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: a } })).json(),
    ).toMatchObject({ nickname: '小明' })
  })

  it('validates real-name input with the certificate rules and refuses a second verification', async () => {
    const cookie = await loginAs(t.app, nextPhone(), nextIp())
    const post = (body: unknown) =>
      json(t.app, { method: 'POST', url: '/api/me/real-name', body, headers: { cookie } })
    const badChecksum = await post({ name: '李四', idNumber: '110101199003078514' })
    expect(badChecksum.statusCode).toBe(400)
    expect(badChecksum.json()).toMatchObject({
      error: { code: 'INVALID_ID_NUMBER', details: [{ field: 'idNumber' }] },
    })
    expect((await post({ name: '李4', idNumber: '110101199003078515' })).json()).toMatchObject({
      error: { details: [{ field: 'name' }] },
    })
    expect((await post({ name: '李四', idNumber: '11010119900307851X' })).statusCode).toBe(400)
    expect((await post({ name: '李四', idNumber: '11010519491231002X' })).statusCode).toBe(200)
    const again = await post({ name: '王五', idNumber: '110101199003078515' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_VERIFIED' } })
  })

  it('ends the session server-side on logout: the old cookie no longer works', async () => {
    const cookie = await loginAs(t.app, nextPhone(), nextIp())
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })
    expect(out.statusCode).toBe(200)
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('')
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401)
  })

  it('keeps a session alive for 30 days after the last use (sliding), then expires it', async () => {
    const cookie = await loginAs(t.app, nextPhone(), nextIp())
    clock.advance(29 * 86_400_000)
    const used = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(used.statusCode).toBe(200)
    // The expiry moved: the cookie is re-sent with a fresh 30-day lifetime.
    expect(sessionCookie(used)).toBe(cookie)
    clock.advance(29 * 86_400_000)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200)
    clock.advance(31 * 86_400_000)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401)
  })

  it('serves a session created by one server process from another (sessions live in the database)', async () => {
    const cookie = await loginAs(t.app, nextPhone(), nextIp())
    const { buildApp } = await import('../../server/app')
    const other = await buildApp({ database: t.db, now: clock.now, distDir: '/nonexistent' })
    try {
      expect((await other.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
        200,
      )
    } finally {
      await other.close()
    }
  })
})

describe('GET /api/me/overview', () => {
  const noOrders = { PENDING_PAYMENT: 0, PAID: 0, ISSUED: 0, CLOSED: 0, PAY_FAILED: 0, SURRENDERED: 0 }
  const noPolicies = { PENDING_EFFECTIVE: 0, IN_FORCE: 0, EXPIRED: 0, SURRENDERED: 0 }
  const buyer = async () => new Buyer(t.app, await loginAs(t.app, nextPhone(), nextIp()))
  const overview = async (b: Buyer) => {
    const res = await b.call('GET', '/api/me/overview')
    expect(res.statusCode, res.body).toBe(200)
    return res.json<MeOverview>()
  }
  const issued = async (b: Buyer) => {
    const order = await b.order()
    await b.simulate((await b.pay(order.id)).paymentId, 'SUCCEEDED')
    return (await b.call('GET', `/api/orders/${order.id}`)).json<Order>()
  }
  /** What the order list shows per status, to compare the counts with. */
  const listed = async (b: Buyer, status: string) =>
    (await b.call('GET', `/api/orders?status=${status}`)).json<{ items: unknown[] }>().items.length

  it('is 401 UNAUTHENTICATED in Chinese when logged out, and all zeros for a new user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/overview' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: '请先登录' } })
    expect(await overview(await buyer())).toEqual({ orders: noOrders, policies: noPolicies })
  })

  it('counts the user’s own orders per status and policies per status, as the lists show them', async () => {
    const a = await buyer()
    const b = await buyer()
    const other = await b.order()

    await a.order() // left unpaid past its 30 minutes: counts as closed before any sweep stores it
    clock.advance(31 * 60_000)
    const failed = await a.order()
    await a.simulate((await a.pay(failed.id)).paymentId, 'FAILED')
    await a.order()
    await issued(a)
    const surrendered = await issued(a)
    expect(
      (
        await a.call('POST', `/api/policies/${surrendered.policyId}/surrender`, {
          reason: '不需要这份保障了',
        })
      ).statusCode,
    ).toBe(200)

    expect(await overview(a)).toEqual({
      orders: { ...noOrders, PENDING_PAYMENT: 1, PAY_FAILED: 1, CLOSED: 1, ISSUED: 1, SURRENDERED: 1 },
      policies: { ...noPolicies, PENDING_EFFECTIVE: 1, SURRENDERED: 1 },
    })
    // Another user's order is theirs alone (b's order also expired meanwhile).
    expect((await overview(b)).orders).toEqual({ ...noOrders, CLOSED: 1 })
    expect(JSON.stringify(await overview(a))).not.toContain(other.id)

    // A day later the unpaid ones are past their window and the policy is in force (00:00 next day).
    clock.advance(24 * 3600_000)
    const later = await overview(a)
    expect(later).toEqual({
      orders: { ...noOrders, CLOSED: 3, ISSUED: 1, SURRENDERED: 1 },
      policies: { ...noPolicies, IN_FORCE: 1, SURRENDERED: 1 },
    })
    for (const status of ['CLOSED', 'ISSUED', 'SURRENDERED', 'PENDING_PAYMENT'] as const)
      expect(await listed(a, status), status).toBe(later.orders[status])
  })
})

describe('production mode', () => {
  it('refuses to start without a real SMS provider, a real payment provider and a cookie secret', async () => {
    const { standIn, env } = await startAliyunSmsStandIn()
    try {
      const config = aliyunSmsConfigFromEnv(env)
      if (!config.ok) throw new Error(config.problems.join('; '))
      const sms = new AliyunSmsProvider(config.config)
      const secret = 'x'.repeat(40)
      await expect(createTestApp({ mode: 'production', cookieSecret: secret })).rejects.toThrow(
        /SMS provider/,
      )
      await expect(
        createTestApp({ mode: 'production', smsProvider: sms, cookieSecret: secret }),
      ).rejects.toThrow(/payment provider/)
      const sandbox = (database: Database, now: () => Date) => new SandboxPaymentProvider(database.db, now)
      await expect(
        createTestApp({
          mode: 'production',
          smsProvider: sms,
          paymentProvider: sandbox,
          cookieSecret: secret,
        }),
      ).rejects.toThrow(/refuses the sandbox/)
      await expect(createTestApp({ mode: 'production', smsProvider: sms })).rejects.toThrow(/COOKIE_SECRET/)
    } finally {
      await standIn.close()
    }
    // Four in-memory databases are opened, one per refused start: on a busy 2-core runner that
    // took over the 30 s default.
  }, 90_000)
})
