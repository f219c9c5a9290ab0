import { configureToast } from '../components/notice'
import { applyTheme } from '../config/theme'
import { commonStore } from '../state/common'
import { nativeStore } from '../state/native'
import { detectEnvironment } from './environment'

/** Start-up work before the first render: theme, notice defaults, and where the app is running. */
export function bootstrap(): void {
  applyTheme()
  configureToast()
  const env = detectEnvironment(navigator.userAgent, window.location.search)
  commonStore.update({ inMallApp: env.inMallApp })
  nativeStore.update({ isInApp: env.isInApp, device: env.device })
}
