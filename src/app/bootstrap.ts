import { applyTheme } from '../config/theme'
import { commonStore } from '../page-runtime/bindingStores'
import { nativeStore } from '../state/native'
import { detectEnvironment } from '../domain/environment'

/** Start-up work before the first render: theme and where the app is running. */
export function bootstrap(): void {
  applyTheme()
  const env = detectEnvironment(navigator.userAgent, window.location.search)
  commonStore.update({ inMallApp: env.inMallApp })
  nativeStore.update({ isInApp: env.isInApp, device: env.device })
}
