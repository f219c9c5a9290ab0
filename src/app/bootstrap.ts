import { applyTheme } from '../config/theme'
import { commonStore } from '../page-runtime/bindingStores'
import { nativeStore } from '../state/native'
import { detectEnvironment } from '../domain/environment'
import { IN_APP_ATTRIBUTE, IN_APP_TAB_KEY } from '../page-config/prerenderBoot'
import { rememberLandingUrl } from '../lib/wechat/landingUrl'
import { tabFlag } from '../lib/tabFlag'

/** Whether this tab was opened in the company's app (by its query flag too, which later screens' URLs lack). */
function tabInApp(detected: boolean): boolean {
  const flag = tabFlag(IN_APP_TAB_KEY)
  if (detected) flag.set('1')
  return detected || flag.get() === '1'
}

/** Start-up work before the first render: theme and where the app is running. */
export function bootstrap(): void {
  applyTheme()
  const env = detectEnvironment(navigator.userAgent, window.location.search)
  const isInApp = tabInApp(env.isInApp)
  commonStore.update({ inMallApp: env.inMallApp })
  nativeStore.update({ isInApp, inWechat: env.inWechat, device: env.device })
  // The app's title bar replaces the NavBar (src/styles/global.css); prerendered HTML had it set already.
  if (isInApp) document.documentElement.setAttribute(IN_APP_ATTRIBUTE, '')
  // WeChat on iOS signs JS-SDK configs with the URL the tab was opened at (src/lib/wechat/shareCards.ts).
  if (env.inWechat) rememberLandingUrl(window.location.href)
}
