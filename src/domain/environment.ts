// Where the app runs: the mall app's browser, a partner webview, or a plain mobile browser.

export interface Environment {
  device: 'ios' | 'android' | 'desktop'
  inMallApp: boolean
  isInApp: boolean
}

const MALL_APP_UA = /GuohengMall/i
const PARTNER_APP_UA = /GuohengApp|MicroMessenger|AlipayClient/i

export function detectEnvironment(userAgent: string, search: string): Environment {
  const query = new URLSearchParams(search)
  const inMallApp = MALL_APP_UA.test(userAgent)
  const flagged = query.get('inApp') === '1' || query.get('from') === 'app'
  const device = /iPhone|iPad|iPod/i.test(userAgent)
    ? 'ios'
    : /Android/i.test(userAgent)
      ? 'android'
      : 'desktop'
  return { device, inMallApp, isInApp: inMallApp || flagged || PARTNER_APP_UA.test(userAgent) }
}
