import { createPublicKey, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  PaymentRequest,
  PaymentScene,
  ProviderEvent,
} from '../../../server/modules/payments/providers/provider'
import {
  wechatPayConfigFromEnv,
  type WechatPayConfig,
} from '../../../server/modules/payments/providers/wechatpay/config'
import { WechatPayProvider } from '../../../server/modules/payments/providers/wechatpay/provider'
import { buildAuthorization, newNonce } from '../../../server/modules/payments/providers/wechatpay/signing'
import { startCallbackReceiver } from './receiver'
import { createWechatPayFixture, FIXTURE_APP_APPID, type WechatPayFixture } from './standIn'

// H5, JSAPI and APP ordering against the stand-in, beside Native (provider.test.ts): each request signed and
// checked as WeChat documents it, each answer and callback signed, the invoke parameters' signatures checked
// here with the merchant's public key over lines built here.

const OPENID = 'oWx_stand_in_payer_000000001'
let fx: WechatPayFixture
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
let config: WechatPayConfig
let provider: WechatPayProvider
let merchantPublicKey: KeyObject
const events: (ProviderEvent | null)[] = []

function loadConfig(env: Record<string, string>): WechatPayConfig {
  const result = wechatPayConfigFromEnv(env)
  if (!result.ok) throw new Error(result.problems.join('; '))
  return result.config
}

const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`
const request = (scene: PaymentScene, patch: Partial<PaymentRequest> = {}): PaymentRequest => ({
  paymentId: newPaymentId(),
  orderId: 'ord_1',
  amountFen: 12_800,
  description: '国恒安心意外险 · 基础版',
  channel: 'wechat',
  expiresAt: new Date(Date.now() + 5 * 60_000),
  baseUrl: 'https://mall.example.com',
  scene,
  payerClientIp: '203.0.113.7',
  openid: scene === 'jsapi' ? OPENID : null,
  ...patch,
})

const signedBy = (lines: string[], signature: string) =>
  verify(
    'sha256',
    Buffer.from(lines.map((l) => `${l}\n`).join('')),
    merchantPublicKey,
    Buffer.from(signature, 'base64'),
  )

/** A merchant request signed correctly, with any body: for the stand-in's parameter checks. */
async function post(path: string, body: object) {
  const text = JSON.stringify(body)
  const authorization = buildAuthorization({
    mchid: config.mchid,
    serialNo: config.merchantSerialNo,
    privateKey: config.merchantPrivateKey,
    method: 'POST',
    pathAndQuery: path,
    body: text,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: newNonce(),
  })
  const response = await fetch(fx.standIn.baseUrl + path, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: text,
  })
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } }
}

const orderBody = (patch: object) => ({
  appid: config.appid,
  mchid: config.mchid,
  description: '测试',
  out_trade_no: newPaymentId(),
  notify_url: receiver.url,
  amount: { total: 100, currency: 'CNY' },
  ...patch,
})

beforeAll(async () => {
  receiver = await startCallbackReceiver((req) => {
    const event = provider.verifyCallback(req)
    events.push(event)
    return event ? 204 : 400
  })
  fx = await createWechatPayFixture({ notifyUrl: receiver.url })
  config = loadConfig(fx.env)
  provider = new WechatPayProvider(config)
  merchantPublicKey = createPublicKey(config.merchantPrivateKey)
})
afterAll(async () => {
  await fx.close()
  await receiver.close()
})
beforeEach(() => {
  fx.standIn.mode = 'normal'
  fx.standIn.ledger.knownOpenids = null
})

describe('H5 (MWEB)', () => {
  it('orders with the payer IP and h5_info Wap; the same h5_url on a retry, a changed IP is another order', async () => {
    const payment = request('h5', { payerClientIp: '::ffff:198.51.100.4' })
    const created = await provider.createPayment(payment)
    expect(created).toEqual({
      qrContent: '',
      payUrl: expect.stringMatching(
        /\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx\d{14}[0-9a-f]{20}&package=\d{10}$/,
      ),
      invoke: null,
    })
    expect(created.payUrl.startsWith(fx.standIn.baseUrl)).toBe(true)
    expect(fx.standIn.ledger.orders.get(payment.paymentId)).toMatchObject({
      scene: 'h5',
      payerClientIp: '198.51.100.4',
      h5Url: created.payUrl,
    })
    expect(await provider.createPayment(payment)).toEqual(created)
    await expect(provider.createPayment({ ...payment, payerClientIp: '198.51.100.5' })).rejects.toMatchObject(
      {
        code: 'OUT_TRADE_NO_USED',
      },
    )
  })

  it('the stand-in refuses an H5 order without scene_info, with a bad IP or an unknown h5_info.type', async () => {
    const path = '/v3/pay/transactions/h5'
    const ok = orderBody({ scene_info: { payer_client_ip: '2001:db8::1', h5_info: { type: 'Wap' } } })
    expect((await post(path, ok)).status).toBe(200)
    for (const sceneInfo of [
      undefined,
      { h5_info: { type: 'Wap' } },
      { payer_client_ip: 'localhost', h5_info: { type: 'Wap' } },
      { payer_client_ip: '203.0.113.7' },
      { payer_client_ip: '203.0.113.7', h5_info: { type: 'Desktop' } },
    ]) {
      const answer = await post(path, orderBody({ scene_info: sceneInfo }))
      expect(answer, JSON.stringify(sceneInfo)).toMatchObject({ status: 400, body: { code: 'PARAM_ERROR' } })
    }
  })
})

describe('JSAPI', () => {
  it('orders for the payer openid and signs getBrandWCPayRequest; a retry gets the same prepay_id', async () => {
    const payment = request('jsapi')
    const created = await provider.createPayment(payment)
    expect(created.qrContent).toBe('')
    expect(created.payUrl).toBe('')
    const invoke = created.invoke
    if (invoke?.kind !== 'jsapi') throw new Error('no JSAPI invoke')
    const order = fx.standIn.ledger.orders.get(payment.paymentId)
    expect(order).toMatchObject({ scene: 'jsapi', openid: OPENID, appid: config.appid })
    expect(invoke).toEqual({
      kind: 'jsapi',
      appId: config.appid,
      timeStamp: expect.stringMatching(/^\d{10}$/),
      nonceStr: expect.stringMatching(/^[0-9A-Za-z]{1,32}$/),
      package: `prepay_id=${order?.prepayId}`,
      signType: 'RSA',
      paySign: expect.any(String),
    })
    expect(Math.abs(Number(invoke.timeStamp) - Date.now() / 1000)).toBeLessThan(10)
    const lines = [invoke.appId, invoke.timeStamp, invoke.nonceStr, invoke.package]
    expect(signedBy(lines, invoke.paySign)).toBe(true)
    expect(signedBy([invoke.appId, invoke.timeStamp, invoke.nonceStr, 'prepay_id=wx0'], invoke.paySign)).toBe(
      false,
    )

    const again = await provider.createPayment(payment)
    expect(again.invoke).toMatchObject({ kind: 'jsapi', package: invoke.package })
    await expect(provider.createPayment({ ...payment, openid: 'oWx_someone_else' })).rejects.toMatchObject({
      code: 'OUT_TRADE_NO_USED',
    })
  })

  it('is refused for an openid that is not of the official account; needs an openid at all', async () => {
    fx.standIn.ledger.knownOpenids = new Set([OPENID])
    expect((await provider.createPayment(request('jsapi'))).invoke?.kind).toBe('jsapi')
    await expect(
      provider.createPayment(request('jsapi', { openid: 'oWx_of_another_account' })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'PARAM_ERROR',
      message: expect.stringContaining('appid和openid不匹配'),
    })
    await expect(provider.createPayment(request('jsapi', { openid: null }))).rejects.toBeInstanceOf(
      RangeError,
    )
  })

  it('the stand-in refuses JSAPI without payer.openid or under the mobile app appid', async () => {
    const path = '/v3/pay/transactions/jsapi'
    expect((await post(path, orderBody({ payer: { openid: OPENID } }))).status).toBe(200)
    expect(await post(path, orderBody({}))).toMatchObject({ status: 400, body: { code: 'PARAM_ERROR' } })
    const underApp = await post(path, orderBody({ appid: FIXTURE_APP_APPID, payer: { openid: OPENID } }))
    expect(underApp).toMatchObject({ status: 400, body: { code: 'PARAM_ERROR' } })
    const foreign = await post(path, orderBody({ appid: 'wx0000000000000000', payer: { openid: OPENID } }))
    expect(foreign).toMatchObject({ status: 400, body: { code: 'APPID_MCHID_NOT_MATCH' } })
  })
})

describe('APP', () => {
  it('orders under the mobile app appid and signs the PayReq; a retry gets the same prepayid', async () => {
    const payment = request('app')
    const created = await provider.createPayment(payment)
    const invoke = created.invoke
    if (invoke?.kind !== 'app') throw new Error('no APP invoke')
    const order = fx.standIn.ledger.orders.get(payment.paymentId)
    expect(order).toMatchObject({ scene: 'app', appid: FIXTURE_APP_APPID, openid: null })
    expect(invoke).toEqual({
      kind: 'app',
      appid: FIXTURE_APP_APPID,
      partnerid: config.mchid,
      prepayid: order?.prepayId,
      package: 'Sign=WXPay',
      noncestr: expect.stringMatching(/^[0-9A-Za-z]{1,32}$/),
      timestamp: expect.stringMatching(/^\d{10}$/),
      sign: expect.any(String),
    })
    expect(signedBy([invoke.appid, invoke.timestamp, invoke.noncestr, invoke.prepayid], invoke.sign)).toBe(
      true,
    )
    expect((await provider.createPayment(payment)).invoke).toMatchObject({ prepayid: invoke.prepayid })
  })

  it('is off without WECHATPAY_APP_APPID, whose merchant also refuses the callback of an APP payment', async () => {
    const { WECHATPAY_APP_APPID: _, ...env } = fx.env
    const noApp = new WechatPayProvider(loadConfig(env))
    expect(noApp.scenes).toEqual(['native', 'h5', 'jsapi'])
    await expect(noApp.createPayment(request('app'))).rejects.toBeInstanceOf(RangeError)

    const payment = request('app')
    await provider.createPayment(payment)
    expect(await fx.standIn.pay(payment.paymentId)).toBe(204)
    const callback = fx.standIn.callbacks.at(-1)!
    expect(
      JSON.stringify(fx.standIn.ledger.transaction(fx.standIn.ledger.orders.get(payment.paymentId)!)),
    ).toContain(`"appid":"${FIXTURE_APP_APPID}"`)
    expect(provider.verifyCallback(callback)).toMatchObject({ kind: 'payment', paymentId: payment.paymentId })
    expect(noApp.verifyCallback(callback)).toBeNull()
  })
})

describe.each(['h5', 'jsapi', 'app'] as const)('%s, as for Native', (scene) => {
  it('is refused when signed with another merchant key (401 SIGN_ERROR)', async () => {
    const impostor = new WechatPayProvider({
      ...config,
      merchantPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    })
    await expect(impostor.createPayment(request(scene))).rejects.toMatchObject({
      status: 401,
      code: 'SIGN_ERROR',
    })
  })

  it('cannot be ordered again or paid once closed', async () => {
    const payment = request(scene)
    await provider.createPayment(payment)
    await provider.closePayment(payment.paymentId)
    expect(await provider.queryPayment(payment.paymentId)).toMatchObject({ state: 'CLOSED' })
    await expect(provider.createPayment(payment)).rejects.toMatchObject({ code: 'ORDER_CLOSED' })
    await expect(fx.standIn.pay(payment.paymentId)).rejects.toThrow(/CLOSED/)
  })

  it('is captured by the signed callback, queried and refunded', async () => {
    const payment = request(scene, { amountFen: 3_300 })
    await provider.createPayment(payment)
    expect(await fx.standIn.pay(payment.paymentId)).toBe(204)
    expect(events.at(-1)).toMatchObject({ kind: 'payment', paymentId: payment.paymentId, amountFen: 3_300 })
    expect(await provider.queryPayment(payment.paymentId)).toMatchObject({
      state: 'CAPTURED',
      amountFen: 3_300,
    })
    const refundId = `rf_${payment.paymentId.slice(4)}`
    const refund = {
      refundId,
      paymentId: payment.paymentId,
      amountFen: 3_300,
      totalFen: 3_300,
      reason: '退保',
    }
    expect(await provider.refund(refund)).toMatchObject({ status: 'PROCESSING' })
    expect(await fx.standIn.settleRefund(refundId)).toBe(204)
    expect(events.at(-1)).toMatchObject({ kind: 'refund', refundId, outcome: 'SUCCEEDED', amountFen: 3_300 })
  })
})
