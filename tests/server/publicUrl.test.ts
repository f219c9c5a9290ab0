import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../src/types/generated/api/payment'
import { ConfigError, loadConfig, productionProblems } from '../../server/platform/config'
import { createTestApp, loginAs, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The sandbox's pay link and QR code point at the configured public address (PUBLIC_URL), never at the Host or
// X-Forwarded-Host header a client sends; without PUBLIC_URL (demo), at this machine's port on localhost.

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

let configured: TestApp
let unset: TestApp
let port: number

beforeAll(async () => {
  // trustProxy: even behind a trusted proxy, X-Forwarded-Host does not choose the link.
  configured = await createTestApp({ publicUrl: 'https://mall.example.com', trustProxy: true })
  unset = await createTestApp({ trustProxy: true })
  await unset.app.listen({ port: 0, host: '127.0.0.1' })
  port = (unset.app.server.address() as { port: number }).port
}, 120_000)
afterAll(async () => {
  await configured?.close()
  await unset?.close()
})

async function payWithForgedHost(t: TestApp, phone: string): Promise<Payment> {
  const buyer = new Buyer(t.app, await loginAs(t.app, phone))
  const order = await buyer.order()
  const res = await buyer.call('POST', `/api/orders/${order.id}/pay`, { channel: 'wechat' }, FORGED)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Payment>()
}

describe('links the server writes out', () => {
  it('the QR code and pay link use PUBLIC_URL, whatever Host the request names', async () => {
    const payment = await payWithForgedHost(configured, '13726000001')
    const expected = `https://mall.example.com/pay/sandbox?paymentId=${payment.paymentId}`
    expect({ qr: payment.qrContent, page: payment.payUrl }).toEqual({ qr: expected, page: expected })
  })

  it('without PUBLIC_URL (demo) they use localhost and the listening port, never the Host header', async () => {
    const payment = await payWithForgedHost(unset, '13726000002')
    const expected = `http://localhost:${port}/pay/sandbox?paymentId=${payment.paymentId}`
    expect({ qr: payment.qrContent, page: payment.payUrl }).toEqual({ qr: expected, page: expected })
  })

  it('PUBLIC_URL must be an http(s) address (https in production); a trailing slash is dropped', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mall.example.com/' }).publicUrl).toBe('https://mall.example.com')
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:8080/m/' }).publicUrl).toBe(
      'http://192.168.1.5:8080/m',
    )
    expect(loadConfig({}).publicUrl).toBeUndefined()
    for (const bad of ['mall.example.com', 'javascript:alert(1)', 'https://mall.example.com/?a=1', 'ftp://x'])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError)
    const production = { ...loadConfig({ PUBLIC_URL: 'http://mall.example.com' }), smsProvider: 'aliyun' }
    expect(
      productionProblems({ ...production, paymentProvider: 'wechatpay', cookieSecret: 'x'.repeat(40) }),
    ).toEqual(['APP_MODE=production needs an https:// PUBLIC_URL'])
  })
})
