// Init scripts that play WeChat's side inside a browser test (Playwright: page.addInitScript({ content })),
// against the WeChat Pay stand-in's /stand-in/jsapi-pay and /stand-in/app-pay (standInPayer.ts).
//
//   await page.addInitScript({ content: weixinJsBridgeScript({ standInUrl: fx.standIn.baseUrl, openid }) })
//
// The page then calls WeChat's own API: WeixinJSBridge.invoke('getBrandWCPayRequest', params, cb), and cb gets
// {err_msg: 'get_brand_wcpay_request:ok' | ':cancel' | ':fail'} as in WeChat. The payer's choice can be changed
// while the test runs: page.evaluate(() => { window.__wechatPayStandIn.choice = 'cancel' }). Every call and its
// answer is kept in window.__wechatPayStandIn.calls. The app's pay (appPayBridgePart) shares that state.

export type PayerChoice = 'confirm' | 'cancel'

export interface JsBridgeOptions {
  /** The stand-in's base URL (fx.standIn.baseUrl). */
  standInUrl: string
  /** The WeChat user in whose WeChat the page runs: JSAPI pays only for the order's payer.openid. */
  openid: string
  /** What the payer does on WeChat's pay sheet (default confirm). */
  choice?: PayerChoice
}

/** The shared state both scripts keep on window. */
const STATE = `(window.__wechatPayStandIn = window.__wechatPayStandIn || { choice: 'confirm', calls: [] })`

/**
 * How the scripts reach the stand-in: a page function the test exposes (Playwright's exposeBinding
 * `__standInPost(url, body)`), else fetch. WeChat's native bridge is not bound by the page's CSP
 * (`connect-src 'self'`), a fetch from page script is: a browser test against the real CSP exposes the binding.
 */
const POST = `((url, body) => window.__standInPost
    ? window.__standInPost(url, body)
    : fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json()))`

/** Source of an init script defining window.WeixinJSBridge (and firing WeixinJSBridgeReady) as WeChat does. */
export function weixinJsBridgeScript(options: JsBridgeOptions): string {
  const endpoint = JSON.stringify(`${options.standInUrl}/stand-in/jsapi-pay`)
  return `(() => {
  const state = ${STATE};
  const post = ${POST};
  state.choice = ${JSON.stringify(options.choice ?? 'confirm')};
  state.openid = ${JSON.stringify(options.openid)};
  const reply = (cb, res) => { if (typeof cb === 'function') setTimeout(() => cb(res), 0) };
  const bridge = {
    invoke(name, params, cb) {
      const call = { name, params, result: null };
      state.calls.push(call);
      if (name !== 'getBrandWCPayRequest') {
        call.result = { err_msg: name + ':fail' };
        return reply(cb, call.result);
      }
      post(${endpoint}, JSON.stringify({ openid: state.openid, params, action: state.choice }))
        .catch(() => ({ err_msg: 'get_brand_wcpay_request:fail', err_desc: 'stand-in unreachable' }))
        .then((res) => { call.result = res; reply(cb, res) });
    },
    call() {},
    on() {},
  };
  Object.defineProperty(window, 'WeixinJSBridge', { value: bridge, configurable: true, writable: true });
  const ready = () => document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else setTimeout(ready, 0);
})();
`
}

export interface AppPayOptions {
  standInUrl: string
  /** What the payer does in WeChat after the app hands over (default confirm). */
  choice?: PayerChoice
}

/**
 * Source of a JS function expression playing WeChat's OpenSDK pay (PayReq → PayResp errCode 0 paid, -1 error,
 * -2 user cancelled) for a test's stand-in of the company app's bridge (src/lib/nativeBridge/protocol.ts): it
 * takes the bridge's pay params `{ invoke }` (or the bare `invoke` of a scene-app payment; `kind` is ignored, as
 * WeChat ignores unknown fields) and resolves the bridge's answer `{ result: 'ok' | 'cancel' | 'fail', message? }`.
 * The stand-in's own answer is kept in window.__wechatPayStandIn.calls.
 *
 *   window.GuohengBridge = { call: (method, params) => method === 'pay' ? (${appPayBridgePart({ standInUrl })})(params) : … }
 */
export function appPayBridgePart(options: AppPayOptions): string {
  const endpoint = JSON.stringify(`${options.standInUrl}/stand-in/app-pay`)
  return `((initialChoice) => {
  const state = ${STATE};
  const post = ${POST};
  state.choice = initialChoice;
  return (params) => {
    const invoke = params && params.invoke ? params.invoke : params;
    const call = { name: 'app-pay', params: invoke, result: null };
    state.calls.push(call);
    return post(${endpoint}, JSON.stringify({ params: invoke, action: state.choice }))
      .catch(() => ({ errCode: -1, errStr: 'stand-in unreachable' }))
      .then((res) => {
        call.result = res;
        if (res.errCode === 0) return { result: 'ok' };
        if (res.errCode === -2) return { result: 'cancel' };
        return { result: 'fail', message: res.errStr };
      });
  };
})(${JSON.stringify(options.choice ?? 'confirm')})`
}

/** Source of an init script that installs appPayBridgePart as window[globalName] (default __wechatAppPay). */
export function appPayBridgeScript(options: AppPayOptions & { globalName?: string }): string {
  return `window[${JSON.stringify(options.globalName ?? '__wechatAppPay')}] = ${appPayBridgePart(options)};\n`
}
