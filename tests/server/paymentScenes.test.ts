import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import type { Payment, PaymentChannels } from '../../src/types/generated/api/payment'
import { wechatPayConfigFromEnv } from '../../server/modules/payments/providers/wechatpay/config'
import { WechatPayProvider } from '../../server/modules/payments/providers/wechatpay/provider'
import { createTestApp, json, loginAs, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'
import { startCallbackReceiver } from './wechatpay/receiver'
import { createWechatPayFixture, FIXTURE_APP_APPID, type WechatPayFixture } from './wechatpay/standIn'

// Paying in the H5, JSAPI and APP scenes through the service and its routes, with the WeChat Pay adapter against
// the stand-in (callbacks come back over HTTP into this app), and the sandbox's scenes in demo mode.

let test: TestApp
let fx: WechatPayFixture
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
let users = 0

async function newBuyer(app: TestApp = test): Promise<Buyer> {
  users += 1
  return new Buyer(
    app.app,
    await loginAs(app.app, `1370200${String(users).padStart(4, '0')}`, `10.0.7.${users}`),
  )
}

function pay(
  b: Buyer,
  orderId: string,
  body: object,
  options: { ip?: string; key?: string; headers?: Record<string, string> } = {},
) {
  return json(b.app, {
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { cookie: b.cookie, ...(options.key && { 'idempotency-key': options.key }), ...options.headers },
    body,
    remoteAddress: options.ip,
  })
}

async function bindWechat(b: Buyer, appid: string): Promise<string> {
  const { id } = (await b.call('GET', '/api/me')).json<{ id: string }>()
  const openid = `oWx_${randomBytes(12).toString('hex')}`
  await test.db.db
    .insertInto('wechat_bindings')
    .values({
      appid,
      openid,
      user_id: id,
      unionid: null,
      nickname: null,
      avatar_url: null,
      bound_at: new Date(),
    })
    .execute()
  return openid
}

const orderOf = async (b: Buyer, id: string) => (await b.call('GET', `/api/orders/${id}`)).json<Order>()

/** A surrender in the cooling-off period refunds the payment whatever its scene; WeChat settles it by callback. */
async function surrenderAndSettle(b: Buyer, orderId: string) {
  const { policyId, premiumFen } = await orderOf(b, orderId)
  const surrendered = await b.call('POST', `/api/policies/${policyId}/surrender`, {
    reason: '不需要这份保障了',
  })
  expect(surrendered.statusCode).toBe(200)
  const [refund] = (await orderOf(b, orderId)).refunds
  expect(refund).toMatchObject({ amountFen: premiumFen, reason: 'SURRENDER', status: 'PROCESSING' })
  expect(fx.standIn.ledger.refunds.get(refund.id)).toMatchObject({ refund: premiumFen, status: 'PROCESSING' })
  expect(await fx.standIn.settleRefund(refund.id)).toBe(200)
  expect((await orderOf(b, orderId)).refunds[0]).toMatchObject({ status: 'SUCCEEDED' })
}

beforeAll(async () => {
  receiver = await startCallbackReceiver(async ({ headers, rawBody }) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/payments/callback/wechatpay',
      headers,
      payload: rawBody,
    })
    return response.statusCode
  })
  fx = await createWechatPayFixture({ notifyUrl: receiver.url })
  const config = wechatPayConfigFromEnv(fx.env)
  if (!config.ok) throw new Error(config.problems.join('; '))
  // The real clock: the stand-in checks request signatures against it.
  test = await createTestApp({ paymentProvider: (_db, now) => new WechatPayProvider(config.config, now) })
})
afterAll(async () => {
  await test?.close()
  await fx?.close()
  await receiver?.close()
})

describe('WeChat Pay scenes', () => {
  it('offers native, h5, jsapi and app (with WECHATPAY_APP_APPID)', async () => {
    const channels = await test.app.inject({ method: 'GET', url: '/api/payments/channels' })
    expect(channels.json<PaymentChannels>()).toEqual({
      sandbox: false,
      channels: ['wechat'],
      scenes: ['native', 'h5', 'jsapi', 'app'],
    })
  })

  it('H5: orders with the request IP, the callback issues the policy, a surrender is refunded', async () => {
    const buyer = await newBuyer()
    const order = await buyer.order()
    const started = await pay(buyer, order.id, { channel: 'wechat', scene: 'h5' }, { ip: '198.51.100.20' })
    expect(started.statusCode, started.body).toBe(200)
    const payment = started.json<Payment>()
    expect(payment).toMatchObject({ scene: 'h5', qrContent: '', invoke: null, status: 'PENDING' })
    expect(payment.payUrl.startsWith(`${fx.standIn.baseUrl}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=`)).toBe(
      true,
    )
    expect(fx.standIn.ledger.orders.get(payment.paymentId)).toMatchObject({
      scene: 'h5',
      payerClientIp: '198.51.100.20',
      total: order.premiumFen,
    })
    // Without TRUST_PROXY a forwarded address is anybody's claim: the socket's peer is the payer.
    const forwarded = { 'x-forwarded-for': '192.0.2.1' }
    const again = await pay(
      buyer,
      order.id,
      { channel: 'wechat', scene: 'h5' },
      { ip: '198.51.100.21', headers: forwarded },
    )
    const second = again.json<Payment>()
    expect(fx.standIn.ledger.orders.get(second.paymentId)?.payerClientIp).toBe('198.51.100.21')
    // The first H5 order was superseded and closed at WeChat, as a Native code is.
    expect(fx.standIn.ledger.orders.get(payment.paymentId)?.tradeState).toBe('CLOSED')

    expect(await fx.standIn.pay(second.paymentId)).toBe(200)
    const read = await buyer.call('GET', `/api/payments/${second.paymentId}`)
    expect(read.json<Payment>()).toMatchObject({ scene: 'h5', status: 'SUCCEEDED', payUrl: second.payUrl })
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
    await surrenderAndSettle(buyer, order.id)
  })

  it('JSAPI: 409 WECHAT_NOT_BOUND until the user has an openid of WECHATPAY_APPID; pays for that openid', async () => {
    const buyer = await newBuyer()
    const order = await buyer.order()
    await bindWechat(buyer, 'wx1111111111111111') // another official account's binding does not count
    const unbound = await pay(buyer, order.id, { channel: 'wechat', scene: 'jsapi' })
    expect(unbound.statusCode).toBe(409)
    expect(unbound.json().error).toEqual({
      code: 'WECHAT_NOT_BOUND',
      message: '请先在微信中授权登录，再使用微信支付',
    })
    const rows = await test.db.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .execute()
    expect(rows).toEqual([])

    const openid = await bindWechat(buyer, fx.env.WECHATPAY_APPID)
    const started = await pay(buyer, order.id, { channel: 'wechat', scene: 'jsapi' })
    expect(started.statusCode, started.body).toBe(200)
    const payment = started.json<Payment>()
    const atWechat = fx.standIn.ledger.orders.get(payment.paymentId)
    expect(atWechat).toMatchObject({ scene: 'jsapi', openid, appid: fx.env.WECHATPAY_APPID })
    expect(payment).toMatchObject({
      scene: 'jsapi',
      qrContent: '',
      payUrl: '',
      invoke: {
        kind: 'jsapi',
        appId: fx.env.WECHATPAY_APPID,
        package: `prepay_id=${atWechat?.prepayId}`,
        signType: 'RSA',
      },
    })

    const jsapiPay = async (payer: string) => {
      const { kind: _, ...params } = payment.invoke as NonNullable<Payment['invoke']>
      const response = await fetch(`${fx.standIn.baseUrl}/stand-in/jsapi-pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ openid: payer, params }),
      })
      return response.json()
    }
    expect(await jsapiPay('oWx_not_the_payer')).toMatchObject({ err_msg: 'get_brand_wcpay_request:fail' })
    expect(await jsapiPay(openid)).toEqual({ err_msg: 'get_brand_wcpay_request:ok', callbackStatus: 200 })
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
    await surrenderAndSettle(buyer, order.id)
  })

  it('APP: the OpenSDK PayReq under the mobile app appid pays the order', async () => {
    const buyer = await newBuyer()
    const order = await buyer.order()
    const payment = (await pay(buyer, order.id, { channel: 'wechat', scene: 'app' })).json<Payment>()
    expect(payment.invoke).toMatchObject({ kind: 'app', appid: FIXTURE_APP_APPID, package: 'Sign=WXPay' })
    const response = await fetch(`${fx.standIn.baseUrl}/stand-in/app-pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params: payment.invoke }),
    })
    expect(await response.json()).toEqual({ errCode: 0, callbackStatus: 200 })
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
  })

  it('records the answer of an Idempotency-Key with scene and invoke; another scene under the key is 409', async () => {
    const buyer = await newBuyer()
    const order = await buyer.order()
    await bindWechat(buyer, fx.env.WECHATPAY_APPID)
    const key = `pay-${randomBytes(8).toString('hex')}`
    const first = await pay(buyer, order.id, { channel: 'wechat', scene: 'jsapi' }, { key })
    const replay = await pay(buyer, order.id, { channel: 'wechat', scene: 'jsapi' }, { key })
    expect(first.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    expect(first.json<Payment>().invoke).toMatchObject({ kind: 'jsapi', paySign: expect.any(String) })
    const recorded = await test.db.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(recorded.response ?? '')).toEqual(first.json())
    expect((await pay(buyer, order.id, { channel: 'wechat', scene: 'h5' }, { key })).statusCode).toBe(409)
  })

  it('refuses an unknown scene naming the field', async () => {
    const buyer = await newBuyer()
    const order = await buyer.order()
    const bad = await pay(buyer, order.id, { channel: 'wechat', scene: 'miniprogram' })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json().error.details)).toContain('scene')
  })
})

describe('behind TRUST_PROXY', () => {
  it('gives WeChat the forwarded client as payer_client_ip', async () => {
    const config = wechatPayConfigFromEnv(fx.env)
    if (!config.ok) throw new Error(config.problems.join('; '))
    const proxied = await createTestApp({
      trustProxy: '127.0.0.1',
      paymentProvider: (_db, now) => new WechatPayProvider(config.config, now),
    })
    try {
      const buyer = await newBuyer(proxied)
      const order = await buyer.order()
      const started = await pay(
        buyer,
        order.id,
        { channel: 'wechat', scene: 'h5' },
        { ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.50' } },
      )
      expect(fx.standIn.ledger.orders.get(started.json<Payment>().paymentId)?.payerClientIp).toBe(
        '203.0.113.50',
      )
    } finally {
      await proxied.close()
    }
  })
})

describe('the sandbox (demo mode)', () => {
  let demo: TestApp
  beforeAll(async () => {
    demo = await createTestApp()
  })
  afterAll(async () => demo?.close())

  it('offers native and h5; h5 opens the sandbox pay page; jsapi and app are 400 SCENE_UNAVAILABLE', async () => {
    const channels = await demo.app.inject({ method: 'GET', url: '/api/payments/channels' })
    expect(channels.json<PaymentChannels>().scenes).toEqual(['native', 'h5'])
    const buyer = await newBuyer(demo)
    const order = await buyer.order()
    for (const scene of ['jsapi', 'app']) {
      const refused = await pay(buyer, order.id, { channel: 'wechat', scene })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toMatchObject({
        code: 'SCENE_UNAVAILABLE',
        details: [{ field: 'scene', message: '暂不支持该支付场景' }],
      })
    }
    const native = (await pay(buyer, order.id, { channel: 'wechat' })).json<Payment>()
    expect(native).toMatchObject({ scene: 'native', invoke: null })
    const h5 = (await pay(buyer, order.id, { channel: 'wechat', scene: 'h5' })).json<Payment>()
    expect(h5).toMatchObject({
      scene: 'h5',
      invoke: null,
      payUrl: expect.stringMatching(/\/pay\/sandbox\?paymentId=/),
    })
    expect((await buyer.simulate(h5.paymentId, 'SUCCEEDED')).json<Payment>()).toMatchObject({
      scene: 'h5',
      status: 'SUCCEEDED',
    })
    expect((await orderOf(buyer, order.id)).status).toBe('ISSUED')
  })
})
