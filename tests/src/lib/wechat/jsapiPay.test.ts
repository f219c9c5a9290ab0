import { afterEach, describe, expect, it, vi } from 'vitest'
import { BRIDGE_WAIT_MS, jsapiResultOf, payWithJsapi } from '../../../../src/lib/wechat/jsapiPay'

// JSAPI pay: WeChat's bridge (once it announced itself) opens the cashier; its err_msg says ok, cancel or fail.

const invoke = {
  kind: 'jsapi' as const,
  appId: 'wx-official',
  timeStamp: '1700000000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx2017033010242291fcfe0db70013231072',
  signType: 'RSA' as const,
  paySign: 'c2lnbg==',
}

afterEach(() => {
  delete window.WeixinJSBridge
  vi.useRealTimers()
})

describe('JSAPI pay', () => {
  it("reads WeChat's answers", () => {
    expect(jsapiResultOf('get_brand_wcpay_request:ok')).toBe('ok')
    expect(jsapiResultOf('get_brand_wcpay_request:cancel')).toBe('cancel')
    expect(jsapiResultOf('get_brand_wcpay_request:fail')).toBe('fail')
    expect(jsapiResultOf('get_brand_wcpay_request:fail_invalid appid')).toBe('fail')
    expect(jsapiResultOf(undefined)).toBe('fail')
  })

  it('waits for WeixinJSBridgeReady, then invokes getBrandWCPayRequest without the kind', async () => {
    const calls: unknown[] = []
    const paying = payWithJsapi(invoke)
    window.WeixinJSBridge = {
      invoke: (name, params, cb) => {
        calls.push([name, params])
        cb({ err_msg: 'get_brand_wcpay_request:ok' })
      },
    }
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    expect(await paying).toBe('ok')
    const { kind: _kind, ...params } = invoke
    expect(calls).toEqual([['getBrandWCPayRequest', params]])
  })

  it('fails outside WeChat (no bridge in time)', async () => {
    vi.useFakeTimers()
    const paying = payWithJsapi(invoke)
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT_MS)
    expect(await paying).toBe('fail')
  })
})
