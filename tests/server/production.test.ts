import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/freePort'
import { openDatabase } from '../../server/db/database'
import { migrate } from '../../server/db/migrate'
import { seedDemoCatalog } from '../../server/db/seed/seed'
import type { Order } from '../../src/types/generated/api/order'
import type { Payment } from '../../src/types/generated/api/payment'
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from './aliyunSms/standIn'
import { AGREEMENTS, createTestDatabase, type TestDatabase } from './helpers'
import { holder, MEDICAL, selfInsured } from './ordersFlow'
import { startServerProcess, stopServerProcess, type ServerProcess } from './serverProcess'
import { createWechatPayFixture, type WechatPayFixture } from './wechatpay/standIn'

// The real server process in production mode, with the real Alibaba Cloud SMS and WeChat Pay API v3 adapters
// talking to stand-ins on 127.0.0.1 that check every signature as the providers document them: a buyer logs in
// by SMS, pays by WeChat Pay, gets the policy from the signed encrypted callback, and surrenders it for a
// refund that settles through WeChat Pay's refund callback. No demo route, no sandbox, Secure cookies.

let server: ServerProcess
let sms: AliyunSmsStandIn
let wechat: WechatPayFixture
let database: TestDatabase | null = null
const dirs: string[] = []
const phone = '13811112222'
let cookie = ''

beforeAll(async () => {
  const port = await freePort()
  const smsStandIn = await startAliyunSmsStandIn()
  sms = smsStandIn.standIn
  wechat = await createWechatPayFixture({
    notifyUrl: `http://127.0.0.1:${port}/api/payments/callback/wechatpay`,
  })
  // A stand-in build, to see that the SPA is served but the sandbox pay page is not.
  const dist = mkdtempSync(join(tmpdir(), 'mall-dist-'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>国恒保险商城</title></head><body><div id="root"></div></body></html>',
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-prod-'))
  dirs.push(dist, dataDir)
  if (process.env.DATABASE_URL) database = await createTestDatabase()
  // Production seeds no demo data; the catalog is loaded as operations would load it, before start-up.
  const catalog = database?.database ?? (await openDatabase({ dataDir }))
  await migrate(catalog.db)
  await seedDemoCatalog(catalog.db)
  if (!database) await catalog.close()
  server = await startServerProcess(
    database ? null : dataDir,
    {
      APP_MODE: 'production',
      COOKIE_SECRET: 'production-cookie-secret-for-the-test-0123456789',
      POLICY_LINK_SECRET: 'production-policy-link-secret-0123456789',
      STUDIO_PREVIEW_SECRET: 'production-studio-preview-secret-0123456789',
      DIST_DIR: dist,
      ...(database ? { DATABASE_URL: database.url as string } : {}),
      ...smsStandIn.env,
      ...wechat.env,
      PAYMENT_PROVIDER: 'wechatpay',
    },
    port,
  )
}, 120_000)

afterAll(async () => {
  if (server) await stopServerProcess(server)
  await sms?.close()
  await wechat?.close()
  await database?.drop()
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})

async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    body: (text.startsWith('{') ? JSON.parse(text) : text) as T,
  }
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('production mode with real provider adapters', () => {
  it('has no demo routes, no sandbox and no demo badge', async () => {
    expect((await call('GET', '/api/health')).body).toMatchObject({ mode: 'production' })
    expect((await call('GET', `/api/dev/sms-outbox?phone=${phone}`)).status).toBe(404)
    // Results of a guessing game are entered by staff there, never through the demo route.
    expect(
      (
        await call('POST', '/api/dev/campaigns/worldcup-2026/results', {
          itemId: 'arg-fra',
          optionId: 'home',
        })
      ).status,
    ).toBe(404)
    expect((await call('GET', '/api/sandbox/payments/pay_0')).status).toBe(404)
    expect(
      (await call('POST', '/api/sandbox/payments/pay_0/simulate', { outcome: 'SUCCEEDED' })).status,
    ).toBe(404)
    expect((await call('POST', '/api/payments/callback/sandbox', {})).status).toBe(404)
    expect((await call('GET', '/pay/sandbox?paymentId=pay_0')).status).toBe(404)
    // The API reference page is for developers, in demo mode.
    expect((await call('GET', '/api/docs/')).status).toBe(404)
    expect((await call('GET', '/api/docs/json')).status).toBe(404)
    const page = await call<string>('GET', '/product?id=p-medical-million')
    expect(page.status).toBe(200)
    // The page is told the mode in its HTML (no request for it), and carries no 演示环境 strip.
    expect(page.body).toContain('<meta name="app-mode" content="production" />')
    expect(page.body).not.toContain('演示环境')
  })

  it('tells browsers to use https only (HSTS), on pages and API answers', async () => {
    for (const path of ['/product?id=p-medical-million', '/api/health', '/api/nothing-here'])
      expect((await call('GET', path)).headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      )
  })

  it('logs in by an SMS that Alibaba Cloud accepted, with a Secure session cookie', async () => {
    expect((await call('POST', '/api/auth/sms-code', { phone })).status).toBe(200)
    const code = sms.lastCodeFor(phone)
    expect(code).toMatch(/^\d{6}$/)
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, code, agreements: AGREEMENTS }),
    })
    expect(res.status).toBe(200)
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('sid='))
    expect(setCookie).toMatch(/; Secure/)
    expect(setCookie).toMatch(/; HttpOnly/)
    cookie = setCookie!.split(';')[0]
  })

  it('pays by WeChat Pay, issues the policy on the signed callback, and refunds a surrender', async () => {
    const started = await call<{ id: string; documents: { id: string }[] }>('POST', '/api/applications', {
      productId: MEDICAL,
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      recordingNoticeAcknowledged: true,
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const application = started.body
    for (const document of application.documents)
      for (const action of ['open', 'confirm'])
        await call(
          'POST',
          `/api/applications/${application.id}/documents/${encodeURIComponent(document.id)}`,
          {
            action,
          },
        )
    const product = (await call<{ healthQuestions: { id: string }[] }>('GET', `/api/products/${MEDICAL}`))
      .body
    await call('POST', `/api/applications/${application.id}/health`, {
      insuredRelation: '1',
      answers: product.healthQuestions.map((q) => ({ questionId: q.id, answer: 'no' })),
    })
    const order = (
      await call<Order>('POST', '/api/orders', {
        applicationId: application.id,
        holder,
        insured: selfInsured,
      })
    ).body

    const alipay = await call<{ error: { code: string } }>('POST', `/api/orders/${order.id}/pay`, {
      channel: 'alipay',
    })
    expect(alipay.status).toBe(400)
    expect(alipay.body.error.code).toBe('CHANNEL_UNAVAILABLE')
    const payment = (await call<Payment>('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' })).body
    expect(payment.qrContent).toMatch(/^weixin:\/\//)
    expect(wechat.standIn.ledger.orders.get(payment.paymentId)).toBeDefined()

    // The payer pays; WeChat Pay posts the signed, encrypted TRANSACTION.SUCCESS (with the rotated key B).
    wechat.standIn.useKey(wechat.serials.platformB)
    expect(await wechat.standIn.pay(payment.paymentId)).toBe(200)
    const issued = (await call<Order>('GET', `/api/orders/${order.id}`)).body
    expect(issued.status).toBe('ISSUED')
    expect(issued.policyId).not.toBeNull()
    // WeChat Pay's retry of the same notification changes nothing.
    expect(await wechat.standIn.resend(wechat.standIn.callbacks.at(-1)!)).toBe(200)

    // A notification signed with a key WeChat Pay never gave us is refused, and so is a tampered one.
    const genuine = wechat.standIn.callbacks.at(-1)!
    wechat.standIn.mode = 'forge'
    const forgedCallback = wechat.standIn.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', {})
    wechat.standIn.mode = 'normal'
    const forged = await wechat.standIn.resend({ ...forgedCallback, url: genuine.url })
    expect(
      await wechat.standIn.resend({ ...genuine, rawBody: genuine.rawBody.replace('"id":"', '"id":"x') }),
    ).toBe(401)
    expect(forged).toBe(401)

    const surrendered = await call('POST', `/api/policies/${issued.policyId}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(surrendered.status).toBe(200)
    const processing = (await call<Order>('GET', `/api/orders/${order.id}`)).body.refunds
    expect(processing).toMatchObject([
      { amountFen: order.premiumFen, reason: 'SURRENDER', status: 'PROCESSING' },
    ])
    const refund = [...wechat.standIn.ledger.refunds.values()].find((r) => r.outRefundNo === processing[0].id)
    expect(refund).toBeDefined()
    expect(await wechat.standIn.settleRefund(processing[0].id)).toBe(200)
    const settled = await waitFor(
      'the refund to settle',
      async () => (await call<Order>('GET', `/api/orders/${order.id}`)).body.refunds[0],
      (r) => r.status === 'SUCCEEDED',
    )
    expect(settled.settledAt).not.toBeNull()
  })
})
