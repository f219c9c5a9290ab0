// Where the app runs: the company's app (its webview), WeChat's browser, or a plain browser.

export interface Environment {
  device: 'ios' | 'android' | 'desktop'
  /** The mall app's own browser (the spec's common.inMallApp). */
  inMallApp: boolean
  /**
   * The company's app (the mall app or the GuohengApp webview, or a page opened with ?inApp=1 / ?from=app): its
   * title bar replaces the NavBar, its token logs the user in, share and pay go through its bridge.
   */
  isInApp: boolean
  /**
   * WeChat's browser (MicroMessenger in the user agent): web authorization login, JS-SDK share cards, JSAPI pay.
   * WeChat Work counts only where its user agent says MicroMessenger too (its webview does; its own pages do not).
   */
  inWechat: boolean
}

const MALL_APP_UA = /GuohengMall/i
const COMPANY_APP_UA = /GuohengApp|GuohengMall/i
const WECHAT_UA = /MicroMessenger/i

export function detectEnvironment(userAgent: string, search: string): Environment {
  const query = new URLSearchParams(search)
  const flagged = query.get('inApp') === '1' || query.get('from') === 'app'
  const device = /iPhone|iPad|iPod/i.test(userAgent)
    ? 'ios'
    : /Android/i.test(userAgent)
      ? 'android'
      : 'desktop'
  return {
    device,
    inMallApp: MALL_APP_UA.test(userAgent),
    isInApp: flagged || COMPANY_APP_UA.test(userAgent),
    inWechat: WECHAT_UA.test(userAgent),
  }
}
