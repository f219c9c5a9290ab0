// JSAPI pay inside WeChat: WeixinJSBridge.invoke('getBrandWCPayRequest', …) with the parameters the server signed
// (a payment's `invoke` of scene `jsapi`).

import type { JsapiInvoke } from '../../types/generated/api/payment'

/** A payment's `invoke` of scene `jsapi`, as WeChat's getBrandWCPayRequest takes it (without `kind`). */
export type JsapiPayInvoke = JsapiInvoke

/** ok: WeChat says paid (the server still confirms); cancel: the user closed the cashier; fail: WeChat refused. */
export type JsapiPayResult = 'ok' | 'cancel' | 'fail'

interface WeixinJSBridge {
  invoke(method: string, params: Record<string, string>, callback: (res: { err_msg?: string }) => void): void
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge
  }
}

/** How long the page waits for WeChat's bridge to announce itself (it does within moments of the page load). */
export const BRIDGE_WAIT_MS = 5000

/** WeChat's bridge, once it is there (WeixinJSBridgeReady); rejects outside WeChat after BRIDGE_WAIT_MS. */
function weixinBridge(): Promise<WeixinJSBridge> {
  const present = window.WeixinJSBridge
  if (present) return Promise.resolve(present)
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      document.removeEventListener('WeixinJSBridgeReady', done)
      if (window.WeixinJSBridge) resolve(window.WeixinJSBridge)
      else reject(new Error('WeixinJSBridge unavailable'))
    }
    const timer = setTimeout(done, BRIDGE_WAIT_MS)
    document.addEventListener('WeixinJSBridgeReady', done)
  })
}

/** The result of WeChat's err_msg ("get_brand_wcpay_request:ok" / ":cancel" / ":fail …"). */
export function jsapiResultOf(errMsg: string | undefined): JsapiPayResult {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok'
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel'
  return 'fail'
}

/** Opens WeChat's cashier for a signed JSAPI payment; never rejects (a missing bridge is a fail). */
export async function payWithJsapi(invoke: JsapiPayInvoke): Promise<JsapiPayResult> {
  let bridge: WeixinJSBridge
  try {
    bridge = await weixinBridge()
  } catch {
    return 'fail'
  }
  const { appId, timeStamp, nonceStr, signType, paySign } = invoke
  return new Promise((resolve) => {
    bridge.invoke(
      'getBrandWCPayRequest',
      { appId, timeStamp, nonceStr, package: invoke.package, signType, paySign },
      (res) => resolve(jsapiResultOf(res?.err_msg)),
    )
  })
}
