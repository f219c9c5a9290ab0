import { createServer } from 'node:http'
import { createSecretKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ProviderError,
  type CallbackRequest,
  type PaymentRequest,
  type ProviderEvent,
} from '../../../server/modules/payments/providers/provider'
import {
  wechatPayConfigFromEnv,
  type WechatPayConfig,
} from '../../../server/modules/payments/providers/wechatpay/config'
import {
  WechatPayApiError,
  WechatPayProvider,
} from '../../../server/modules/payments/providers/wechatpay/provider'
import { buildAuthorization, newNonce } from '../../../server/modules/payments/providers/wechatpay/signing'
import { createWechatPayFixture, type DeliveredCallback, type WechatPayFixture } from './standIn'

// The adapter against the stand-in: every request really signed and checked, every answer and callback
// really signed (and encrypted) with the stand-in's platform keys.

/** Our side of the notify URL: hands each delivered callback to the adapter, answers 204 or 400 like the server. */
async function startReceiver(verify: (request: CallbackRequest) => ProviderEvent | null) {
  const events: (ProviderEvent | null)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value
      const event = verify({ headers, rawBody: Buffer.concat(chunks).toString('utf8') })
      events.push(event)
      res.writeHead(event ? 204 : 400).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/api/payments/callback/wechatpay`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let fx: WechatPayFixture
let receiver: Awaited<ReturnType<typeof startReceiver>>
let config: WechatPayConfig
let provider: WechatPayProvider

function loadConfig(env: Record<string, string>): WechatPayConfig {
  const result = wechatPayConfigFromEnv(env)
  if (!result.ok) throw new Error(result.problems.join('; '))
  return result.config
}

const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`
const request = (paymentId: string, amountFen = 12_800): PaymentRequest => ({
  paymentId,
  orderId: 'ord_1',
  amountFen,
  description: '国恒安心意外险 · 基础版',
  channel: 'wechat',
  expiresAt: new Date(Date.now() + 5 * 60_000),
  baseUrl: 'https://mall.example.com',
  scene: 'native',
  payerClientIp: '203.0.113.7',
  openid: null,
})
const asRequest = (cb: DeliveredCallback): CallbackRequest => ({ headers: cb.headers, rawBody: cb.rawBody })
const lastCallback = () => {
  const cb = fx.standIn.callbacks.at(-1)
  if (!cb) throw new Error('no callback delivered')
  return cb
}
const lastLogged = () => fx.standIn.requests.at(-1)

async function paidPayment(amountFen = 12_800): Promise<string> {
  const paymentId = newPaymentId()
  await provider.createPayment(request(paymentId, amountFen))
  expect(await fx.standIn.pay(paymentId)).toBe(204)
  return paymentId
}

beforeAll(async () => {
  receiver = await startReceiver((req) => provider.verifyCallback(req))
  fx = await createWechatPayFixture({ notifyUrl: receiver.url })
  config = loadConfig(fx.env)
  provider = new WechatPayProvider(config)
})
afterAll(async () => {
  await fx.close()
  await receiver.close()
})
beforeEach(() => {
  fx.standIn.mode = 'normal'
  fx.standIn.delayMs = 0
  fx.standIn.useKey(fx.serials.platformA)
})

describe('WechatPayProvider against the stand-in', () => {
  it('describes itself', () => {
    expect(provider.name).toBe('wechatpay')
    expect(provider.sandbox).toBe(false)
    expect(provider.channels).toEqual(['wechat'])
    expect(provider.scenes).toEqual(['native', 'h5', 'jsapi', 'app'])
  })

  it('creates a Native payment: code_url, and the same order again on a retry', async () => {
    const paymentId = newPaymentId()
    // A retry repeats every field, expiresAt included: WeChat refuses a changed time_expire (OUT_TRADE_NO_USED).
    const payment = request(paymentId)
    const created = await provider.createPayment(payment)
    expect(created.qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    expect(created.payUrl).toBe(created.qrContent)
    const order = fx.standIn.ledger.orders.get(paymentId)
    expect(order).toMatchObject({ total: 12_800, notifyUrl: receiver.url, tradeState: 'NOTPAY' })
    expect(order?.timeExpire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
    expect(await provider.createPayment(payment)).toEqual(created)
    const changed = { ...payment, amountFen: 12_900 }
    await expect(provider.createPayment(changed)).rejects.toMatchObject({ code: 'OUT_TRADE_NO_USED' })
  })

  describe('the stand-in really checks requests', () => {
    it('refuses a request signed with another merchant key: 401 SIGN_ERROR → ProviderError', async () => {
      const impostor = new WechatPayProvider({
        ...config,
        merchantPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      })
      const error = await impostor.createPayment(request(newPaymentId())).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderError)
      expect(error).toMatchObject({ status: 401, code: 'SIGN_ERROR' })
      expect((error as Error).message).toContain('SIGN_ERROR')
      expect(lastLogged()).toMatchObject({ status: 401, code: 'SIGN_ERROR' })
    })

    it('refuses a wrong serial_no and a stale timestamp', async () => {
      const wrongSerial = new WechatPayProvider({ ...config, merchantSerialNo: '0123456789ABCDEF' })
      await expect(wrongSerial.queryPayment(newPaymentId())).rejects.toMatchObject({ code: 'SIGN_ERROR' })
      // Ten minutes behind: WeChat refuses it (and its fresh answer is too far from that clock).
      const late = new WechatPayProvider(config, () => new Date(Date.now() - 10 * 60_000))
      await expect(late.queryPayment(newPaymentId())).rejects.toBeInstanceOf(ProviderError)
      expect(lastLogged()).toMatchObject({ status: 401, code: 'SIGN_ERROR' })
    })

    it('signs the exact body and query: a changed body or a dropped query is refused', async () => {
      const paymentId = newPaymentId()
      await provider.createPayment(request(paymentId))
      const send = async (method: string, signed: string, sent: string, body: string, signedBody = body) => {
        const authorization = buildAuthorization({
          mchid: config.mchid,
          serialNo: config.merchantSerialNo,
          privateKey: config.merchantPrivateKey,
          method,
          pathAndQuery: signed,
          body: signedBody,
          timestamp: Math.floor(Date.now() / 1000),
          nonce: newNonce(),
        })
        const response = await fetch(fx.standIn.baseUrl + sent, {
          method,
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: method === 'GET' ? undefined : body,
        })
        return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
      }
      const query = `/v3/pay/transactions/out-trade-no/${paymentId}?mchid=${config.mchid}`
      expect((await send('GET', query, query, '')).status).toBe(200)
      expect(await send('GET', query.split('?')[0], query, '')).toMatchObject({ status: 401 })
      const close = `/v3/pay/transactions/out-trade-no/${paymentId}/close`
      const tampered = await send(
        'POST',
        close,
        close,
        '{"mchid":"1900000001"}',
        `{"mchid":"${config.mchid}"}`,
      )
      expect(tampered).toEqual({ status: 401, body: expect.objectContaining({ code: 'SIGN_ERROR' }) })
      // Authentic but incomplete: 400 PARAM_ERROR.
      const incomplete = JSON.stringify({
        appid: config.appid,
        mchid: config.mchid,
        out_trade_no: newPaymentId(),
      })
      const missing = await send(
        'POST',
        '/v3/pay/transactions/native',
        '/v3/pay/transactions/native',
        incomplete,
      )
      expect(missing).toEqual({ status: 400, body: expect.objectContaining({ code: 'PARAM_ERROR' }) })
    })
  })

  it('queries states: NOT_FOUND, PENDING, CAPTURED, CLOSED, REFUNDED', async () => {
    expect(await provider.queryPayment(newPaymentId())).toEqual({
      state: 'NOT_FOUND',
      amountFen: null,
      capturedAt: null,
    })

    const paymentId = newPaymentId()
    await provider.createPayment(request(paymentId, 990))
    expect(await provider.queryPayment(paymentId)).toEqual({
      state: 'PENDING',
      amountFen: 990,
      capturedAt: null,
    })

    expect(await fx.standIn.pay(paymentId)).toBe(204)
    const captured = await provider.queryPayment(paymentId)
    expect(captured).toMatchObject({ state: 'CAPTURED', amountFen: 990 })
    expect(Math.abs((captured.capturedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000)

    await provider.refund({
      refundId: `rf_${paymentId}`,
      paymentId,
      amountFen: 990,
      totalFen: 990,
      reason: '退保',
    })
    expect(await provider.queryPayment(paymentId)).toMatchObject({ state: 'REFUNDED', amountFen: 990 })
  })

  it('closes an unpaid payment (204), idempotently; a paid one cannot be closed', async () => {
    const paymentId = newPaymentId()
    await provider.createPayment(request(paymentId))
    await provider.closePayment(paymentId)
    expect(lastLogged()).toMatchObject({ status: 204 })
    expect(await provider.queryPayment(paymentId)).toMatchObject({ state: 'CLOSED' })
    await provider.closePayment(paymentId)
    await expect(fx.standIn.pay(paymentId)).rejects.toThrow(/CLOSED/)
    await provider.closePayment(newPaymentId()) // never created: nothing to close

    const paid = await paidPayment()
    await expect(provider.closePayment(paid)).rejects.toMatchObject({ status: 400, code: 'ORDERPAID' })
  })

  it('refunds: PROCESSING, the same refund on a retry, then SUCCESS by query and by callback', async () => {
    const paymentId = await paidPayment(5_000)
    const refundId = `rf_${paymentId.slice(4)}_01`
    const refund = { refundId, paymentId, amountFen: 2_000, totalFen: 5_000, reason: '订单已关闭，原路退款' }
    const first = await provider.refund(refund)
    expect(first).toEqual({
      status: 'PROCESSING',
      providerRefundId: expect.stringMatching(/^50\d{30}$/),
      settledAt: null,
    })
    expect(await provider.refund(refund)).toEqual(first)
    expect(await provider.queryRefund(refundId)).toEqual(first)

    expect(await fx.standIn.settleRefund(refundId)).toBe(204)
    expect(receiver.events.at(-1)).toMatchObject({
      kind: 'refund',
      refundId,
      outcome: 'SUCCEEDED',
      amountFen: 2_000,
    })
    const settled = await provider.queryRefund(refundId)
    expect(settled).toMatchObject({ status: 'SUCCEEDED', providerRefundId: first.providerRefundId })
    expect(settled?.settledAt).toBeInstanceOf(Date)

    expect(await provider.queryRefund('rf_never_made')).toBeNull()
    await expect(
      provider.refund({ ...refund, refundId: 'rf_too_much', amountFen: 3_001 }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    })
  })

  it('reports a refund that ends ABNORMAL as FAILED, by query and by callback', async () => {
    const paymentId = await paidPayment(800)
    const refundId = `rf_${paymentId.slice(4)}_ab`
    await provider.refund({ refundId, paymentId, amountFen: 800, totalFen: 800, reason: '退款' })
    expect(await fx.standIn.settleRefund(refundId, 'ABNORMAL')).toBe(204)
    expect(receiver.events.at(-1)).toMatchObject({
      kind: 'refund',
      refundId,
      outcome: 'FAILED',
      amountFen: 800,
    })
    expect(await provider.queryRefund(refundId)).toMatchObject({ status: 'FAILED', settledAt: null })
  })

  describe('answers that do not verify', () => {
    it('rejects a forged or unsigned 2xx answer with ProviderError', async () => {
      const paymentId = newPaymentId()
      fx.standIn.mode = 'forge'
      await expect(provider.createPayment(request(paymentId))).rejects.toThrow(/forged/)
      await expect(provider.queryPayment(paymentId)).rejects.toBeInstanceOf(ProviderError)
      // A forged "not found" is not believed either.
      await expect(provider.queryPayment(newPaymentId())).rejects.toBeInstanceOf(WechatPayApiError)
      fx.standIn.mode = 'unsigned'
      await expect(provider.queryPayment(paymentId)).rejects.toThrow(/without a valid WeChat Pay signature/)
      fx.standIn.mode = 'normal'
      expect(await provider.queryPayment(paymentId)).toMatchObject({ state: 'PENDING' })
    })

    it('rejects an answer signed with a platform key it does not know', async () => {
      const onlyA = new WechatPayProvider(
        loadConfig({
          ...fx.env,
          WECHATPAY_PLATFORM_KEYS: `${fx.serials.platformA}=${fx.platformKeyFiles.a}`,
        }),
      )
      fx.standIn.useKey(fx.serials.platformB)
      await expect(onlyA.queryPayment(newPaymentId())).rejects.toThrow(fx.serials.platformB)
      // The merchant that knows both keys takes either during the rotation.
      expect(await provider.queryPayment(newPaymentId())).toMatchObject({ state: 'NOT_FOUND' })
    })

    it('times out and reports network errors as ProviderError', async () => {
      fx.standIn.delayMs = 400
      const impatient = new WechatPayProvider({ ...config, timeoutMs: 100 })
      await expect(impatient.queryPayment(newPaymentId())).rejects.toThrow(/timed out/)
      const nowhere = new WechatPayProvider({ ...config, baseUrl: 'http://127.0.0.1:9' })
      const error = await nowhere.queryPayment(newPaymentId()).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderError)
      expect((error as Error).message).toMatch(/network error/)
      expect((error as Error).message).not.toContain(fx.env.WECHATPAY_APIV3_KEY)
    })
  })

  describe('callbacks', () => {
    it('turns a genuine TRANSACTION.SUCCESS into a payment event', async () => {
      const paymentId = await paidPayment(4_200)
      const cb = lastCallback()
      expect(cb.url).toBe(receiver.url)
      expect(receiver.events.at(-1)).toEqual({
        kind: 'payment',
        eventId: JSON.parse(cb.rawBody).id,
        paymentId,
        outcome: 'SUCCEEDED',
        amountFen: 4_200,
        signedAt: new Date(Number(cb.headers['wechatpay-timestamp']) * 1000),
      })
      // WeChat retries byte for byte: the same event id again.
      expect(await fx.standIn.resend(cb)).toBe(204)
      expect(receiver.events.at(-1)).toEqual(receiver.events.at(-2))
    })

    it('refuses a tampered body, a wrong or unknown serial, missing headers and signature probes', async () => {
      await paidPayment()
      const cb = asRequest(lastCallback())
      expect(provider.verifyCallback(cb)).not.toBeNull()
      expect(provider.verifyCallback({ ...cb, rawBody: `${cb.rawBody} ` })).toBeNull()
      expect(provider.verifyCallback({ ...cb, rawBody: cb.rawBody.replace('"id":"', '"id":"x') })).toBeNull()
      const headers = (patch: Record<string, string | undefined>) => ({
        ...cb,
        headers: { ...cb.headers, ...patch },
      })
      expect(provider.verifyCallback(headers({ 'wechatpay-serial': fx.serials.platformB }))).toBeNull()
      expect(provider.verifyCallback(headers({ 'wechatpay-serial': 'PUB_KEY_ID_UNKNOWN' }))).toBeNull()
      expect(provider.verifyCallback(headers({ 'wechatpay-signature': undefined }))).toBeNull()
      expect(provider.verifyCallback(headers({ 'wechatpay-timestamp': '1' }))).toBeNull()
      const probe = `WECHATPAY/SIGNTEST/${cb.headers['wechatpay-signature']}`
      expect(provider.verifyCallback(headers({ 'wechatpay-signature': probe }))).toBeNull()
      expect(provider.verifyCallback({ headers: {}, rawBody: '' })).toBeNull()
    })

    it('refuses a forged callback: the merchant answers 400 and WeChat would retry', async () => {
      const paymentId = newPaymentId()
      await provider.createPayment(request(paymentId))
      fx.standIn.mode = 'forge'
      expect(await fx.standIn.pay(paymentId)).toBe(400)
      expect(receiver.events.at(-1)).toBeNull()
    })

    it('refuses bad ciphertext, bad JSON and a wrong APIv3 key (signed correctly each time)', async () => {
      await paidPayment()
      const cb = lastCallback()
      const resign = (rawBody: string) => ({ headers: fx.standIn.signatureHeaders(rawBody), rawBody })
      const envelope = JSON.parse(cb.rawBody) as { resource: { ciphertext: string } }
      expect(provider.verifyCallback(resign(JSON.stringify(envelope)))).not.toBeNull()
      const bytes = Buffer.from(envelope.resource.ciphertext, 'base64')
      bytes[3] ^= 0x01
      envelope.resource.ciphertext = bytes.toString('base64')
      expect(provider.verifyCallback(resign(JSON.stringify(envelope)))).toBeNull()
      expect(provider.verifyCallback(resign('{"id":'))).toBeNull()
      expect(provider.verifyCallback(resign('null'))).toBeNull()

      const otherKey = new WechatPayProvider({ ...config, apiV3Key: createSecretKey(randomBytes(32)) })
      expect(otherKey.verifyCallback(asRequest(cb))).toBeNull()
    })

    it('refuses other event types, another merchant, and a refund status that contradicts its event', () => {
      const order = {
        mchid: config.mchid,
        appid: config.appid,
        out_trade_no: newPaymentId(),
        trade_state: 'SUCCESS',
      }
      const paid = { ...order, amount: { total: 100 } }
      const genuine = fx.standIn.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', paid)
      expect(provider.verifyCallback(genuine)).toMatchObject({ kind: 'payment', amountFen: 100 })
      const cases = [
        fx.standIn.notification('TRANSACTION.CLOSED', '已关闭', 'transaction', paid),
        fx.standIn.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', {
          ...paid,
          mchid: '1900000001',
        }),
        fx.standIn.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', {
          ...paid,
          trade_state: 'NOTPAY',
        }),
        fx.standIn.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', {
          ...order,
          amount: { total: 1.5 },
        }),
        fx.standIn.notification('REFUND.SUCCESS', '退款成功', 'refund', {
          mchid: config.mchid,
          out_refund_no: 'rf_1',
          refund_status: 'ABNORMAL',
          amount: { refund: 100 },
        }),
      ]
      for (const cb of cases) expect(provider.verifyCallback(cb)).toBeNull()
    })

    it('verifies a callback signed with the rotated key B; a merchant that knows only A refuses it', async () => {
      fx.standIn.useKey(fx.serials.platformB)
      const paymentId = await paidPayment(321)
      const cb = lastCallback()
      expect(cb.headers['wechatpay-serial']).toBe(fx.serials.platformB)
      expect(receiver.events.at(-1)).toMatchObject({ kind: 'payment', paymentId, amountFen: 321 })
      const onlyA = new WechatPayProvider(
        loadConfig({
          ...fx.env,
          WECHATPAY_PLATFORM_KEYS: `${fx.serials.platformA}=${fx.platformKeyFiles.a}`,
        }),
      )
      expect(onlyA.verifyCallback(asRequest(cb))).toBeNull()
      const onlyB = new WechatPayProvider(
        loadConfig({
          ...fx.env,
          WECHATPAY_PLATFORM_KEYS: `${fx.serials.platformB}=${fx.platformKeyFiles.b}`,
        }),
      )
      expect(onlyB.verifyCallback(asRequest(cb))).toMatchObject({ paymentId })
    })
  })
})
