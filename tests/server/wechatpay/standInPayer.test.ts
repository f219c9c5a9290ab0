import { randomBytes } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ProviderEvent } from '../../../server/modules/payments/providers/provider'
import type { AppInvoke, JsapiInvoke } from '../../../src/types/generated/api/payment'
import { wechatPayConfigFromEnv } from '../../../server/modules/payments/providers/wechatpay/config'
import { WechatPayProvider } from '../../../server/modules/payments/providers/wechatpay/provider'
import { startCallbackReceiver } from './receiver'
import { createWechatPayFixture, type WechatPayFixture } from './standIn'
import { appPayBridgePart, weixinJsBridgeScript } from './standInBridges'

// The payer's side of the stand-in (standInPayer.ts) as a browser reaches it: the H5 cashier page, the JSAPI and
// APP pay endpoints, and the init scripts that play WeixinJSBridge and the app's pay.

const MALL = 'http://127.0.0.1:4173'
const OPENID = 'oWx_cashier_payer_0000000001'
let fx: WechatPayFixture
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
let provider: WechatPayProvider
const events: (ProviderEvent | null)[] = []

const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`

async function created(scene: 'h5' | 'jsapi' | 'app', payerClientIp = '127.0.0.1') {
  const paymentId = newPaymentId()
  const payment = await provider.createPayment({
    paymentId,
    orderId: 'ord_1',
    amountFen: 12_850,
    description: '国恒安心意外险 · 基础版',
    channel: 'wechat',
    expiresAt: new Date(Date.now() + 5 * 60_000),
    baseUrl: MALL,
    scene,
    payerClientIp,
    openid: scene === 'jsapi' ? OPENID : null,
  })
  return { paymentId, ...payment }
}

const state = (paymentId: string) => fx.standIn.ledger.orders.get(paymentId)?.tradeState

async function bridgePay(path: string, body: object) {
  const response = await fetch(`${fx.standIn.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: MALL },
    body: JSON.stringify(body),
  })
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  return (await response.json()) as Record<string, unknown>
}

beforeAll(async () => {
  receiver = await startCallbackReceiver((req) => {
    const event = provider.verifyCallback(req)
    events.push(event)
    return event ? 204 : 400
  })
  fx = await createWechatPayFixture({ notifyUrl: receiver.url, h5Origins: [MALL] })
  const config = wechatPayConfigFromEnv(fx.env)
  if (!config.ok) throw new Error(config.problems.join('; '))
  provider = new WechatPayProvider(config.config)
})
afterAll(async () => {
  await fx.close()
  await receiver.close()
})
beforeEach(() => {
  fx.standIn.h5ClientIpCheck = true
})

describe('the H5 cashier page at the h5_url', () => {
  const open = (url: string, referer?: string) =>
    fetch(url, { headers: referer ? { referer } : {}, redirect: 'manual' })

  it('opens only from the merchant H5 domain and shows the amount; 确认支付 pays and returns to redirect_url', async () => {
    const payment = await created('h5')
    const back = `${MALL}/pay/result?orderId=ord_1`
    const url = `${payment.payUrl}&redirect_url=${encodeURIComponent(back)}`
    const refused = [await open(url), await open(url, 'http://evil.example/'), await open(url, 'not a url')]
    for (const response of refused) {
      expect(response.status).toBe(403)
      expect(await response.text()).toContain('商家参数格式有误')
    }
    const foreignReturn = `${payment.payUrl}&redirect_url=${encodeURIComponent('http://evil.example/')}`
    expect((await open(foreignReturn, `${MALL}/`)).status).toBe(400)

    const shown = await open(url, `${MALL}/pay?orderId=ord_1`)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('¥128.50')
    expect(html).toContain('确认支付')
    const token = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1] ?? ''
    expect(state(payment.paymentId)).toBe('NOTPAY')

    const pay = (t: string) =>
      fetch(`${fx.standIn.baseUrl}/cgi-bin/mmpayweb-bin/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: t }).toString(),
        redirect: 'manual',
      })
    const paid = await pay(token)
    expect(paid.status).toBe(302)
    expect(paid.headers.get('location')).toBe(back)
    expect(state(payment.paymentId)).toBe('SUCCESS')
    expect(events.at(-1)).toMatchObject({ kind: 'payment', paymentId: payment.paymentId, amountFen: 12_850 })
    // The page's form is good once; the paid order's page no longer offers to pay.
    expect((await pay(token)).status).toBe(400)
    const again = await open(url, `${MALL}/`)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('该订单已支付')
  })

  it('is paid only from the payer IP given at ordering, within 5 minutes, and not once closed', async () => {
    const elsewhere = await created('h5', '203.0.113.7')
    const fromHere = await open(elsewhere.payUrl, `${MALL}/`)
    expect(fromHere.status).toBe(403)
    expect(await fromHere.text()).toContain('网络环境未能通过安全验证')
    fx.standIn.h5ClientIpCheck = false
    expect((await open(elsewhere.payUrl, `${MALL}/`)).status).toBe(200)

    const old = await created('h5')
    fx.standIn.ledger.orders.get(old.paymentId)!.createdAt -= 6 * 60_000
    expect(await (await open(old.payUrl, `${MALL}/`)).text()).toContain('支付链接已失效')

    const closed = await created('h5')
    await provider.closePayment(closed.paymentId)
    expect(await (await open(closed.payUrl, `${MALL}/`)).text()).toContain('订单已关闭')
    expect(fx.standIn.payer.attempts.map((a) => a.result)).toEqual(
      expect.arrayContaining(['client ip 127.0.0.1', 'h5_url expired', '订单已关闭']),
    )
  })
})

describe('POST /stand-in/jsapi-pay (getBrandWCPayRequest)', () => {
  const params = (invoke: JsapiInvoke | AppInvoke | null) => {
    if (invoke?.kind !== 'jsapi') throw new Error('no JSAPI invoke')
    const { kind: _, ...rest } = invoke
    return rest
  }

  it('answers CORS preflights', async () => {
    const response = await fetch(`${fx.standIn.baseUrl}/stand-in/jsapi-pay`, {
      method: 'OPTIONS',
      headers: { origin: MALL, 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
  })

  it('pays for the order payer with a valid paySign; refuses a bad sign, another payer and a closed order', async () => {
    const payment = await created('jsapi')
    const p = params(payment.invoke)
    const fail = (err_desc: string) => ({ err_msg: 'get_brand_wcpay_request:fail', err_desc })
    expect(
      await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: { ...p, nonceStr: 'x' } }),
    ).toEqual(fail('支付验证签名失败'))
    expect(
      await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: { ...p, signType: 'MD5' } }),
    ).toEqual(fail('signType 应为 RSA'))
    expect(await bridgePay('/stand-in/jsapi-pay', { openid: 'oWx_someone_else', params: p })).toEqual(
      fail('当前微信用户与下单用户不一致'),
    )
    expect(await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: p, action: 'cancel' })).toEqual({
      err_msg: 'get_brand_wcpay_request:cancel',
    })
    expect(state(payment.paymentId)).toBe('NOTPAY')
    expect(await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: p })).toEqual({
      err_msg: 'get_brand_wcpay_request:ok',
      callbackStatus: 204,
    })
    expect(events.at(-1)).toMatchObject({ kind: 'payment', paymentId: payment.paymentId })
    expect(await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: p })).toEqual(
      fail('该订单已支付'),
    )

    const closed = await created('jsapi')
    await provider.closePayment(closed.paymentId)
    expect(await bridgePay('/stand-in/jsapi-pay', { openid: OPENID, params: params(closed.invoke) })).toEqual(
      fail('订单已关闭'),
    )
  })
})

describe('POST /stand-in/app-pay (OpenSDK PayReq)', () => {
  it('pays with a valid sign (kind ignored); -1 for a bad sign or partner, -2 when the payer cancels', async () => {
    const payment = await created('app')
    if (payment.invoke?.kind !== 'app') throw new Error('no APP invoke')
    const invoke = payment.invoke
    expect(await bridgePay('/stand-in/app-pay', { params: { ...invoke, timestamp: '1' } })).toEqual({
      errCode: -1,
      errStr: '支付验证签名失败',
    })
    expect(
      await bridgePay('/stand-in/app-pay', { params: { ...invoke, partnerid: '1900000001' } }),
    ).toMatchObject({
      errCode: -1,
    })
    expect(await bridgePay('/stand-in/app-pay', { params: invoke, action: 'cancel' })).toEqual({
      errCode: -2,
      errStr: '用户取消',
    })
    expect(await bridgePay('/stand-in/app-pay', { params: invoke })).toEqual({
      errCode: 0,
      callbackStatus: 204,
    })
    expect(state(payment.paymentId)).toBe('SUCCESS')
  })
})

describe('the init scripts', () => {
  /** A page's globals enough for the scripts: window, document with its events, fetch, timers. */
  function fakePage() {
    const document = Object.assign(new EventTarget(), { readyState: 'complete' })
    const window: Record<string, unknown> = {}
    const context = { window, document, fetch, setTimeout, Event, JSON, Promise }
    window.window = window
    return { window, document, run: (source: string): unknown => runInNewContext(source, context) }
  }

  it('weixinJsBridgeScript plays getBrandWCPayRequest and fires WeixinJSBridgeReady', async () => {
    const payment = await created('jsapi')
    const page = fakePage()
    const ready = new Promise((resolve) => page.document.addEventListener('WeixinJSBridgeReady', resolve))
    page.run(weixinJsBridgeScript({ standInUrl: fx.standIn.baseUrl, openid: OPENID }))
    await ready
    const invoke = (
      page.window.WeixinJSBridge as { invoke: (n: string, p: unknown, cb: (r: unknown) => void) => void }
    ).invoke
    const pay = (params: unknown) => new Promise((resolve) => invoke('getBrandWCPayRequest', params, resolve))
    ;(page.window.__wechatPayStandIn as { choice: string }).choice = 'cancel'
    expect(await pay(payment.invoke)).toEqual({ err_msg: 'get_brand_wcpay_request:cancel' })
    ;(page.window.__wechatPayStandIn as { choice: string }).choice = 'confirm'
    expect(await pay(payment.invoke)).toMatchObject({ err_msg: 'get_brand_wcpay_request:ok' })
    expect(state(payment.paymentId)).toBe('SUCCESS')
    expect(await new Promise((resolve) => invoke('getNetworkType', {}, resolve))).toEqual({
      err_msg: 'getNetworkType:fail',
    })
  })

  it('appPayBridgePart answers the app bridge pay method as the app would', async () => {
    const page = fakePage()
    const pay = page.run(appPayBridgePart({ standInUrl: fx.standIn.baseUrl, choice: 'cancel' })) as (
      params: unknown,
    ) => Promise<unknown>
    const cancelled = await created('app')
    expect(await pay({ invoke: cancelled.invoke })).toEqual({ result: 'cancel' })
    expect(state(cancelled.paymentId)).toBe('NOTPAY')
    ;(page.window.__wechatPayStandIn as { choice: string }).choice = 'confirm'
    const payment = await created('app')
    expect(await pay({ invoke: { ...payment.invoke, sign: 'AAAA' } })).toEqual({
      result: 'fail',
      message: '支付验证签名失败',
    })
    expect(await pay({ invoke: payment.invoke })).toEqual({ result: 'ok' })
    expect(state(payment.paymentId)).toBe('SUCCESS')
  })
})
