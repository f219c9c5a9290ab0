import { APP_INFO } from '../config/app'
import { createStore } from './createStore'

export interface AppInfo {
  displayName: string
  companyName: string
  sloganImage: string
  icon: string
}

export interface NativeState {
  /** "ios" | "android" | "desktop" | "" as detected from the user agent. */
  device: string
  /** The company's app (src/domain/environment.ts): its title bar, token, share and pay. */
  isInApp: boolean
  /** WeChat's browser: web authorization login, share cards, JSAPI pay. */
  inWechat: boolean
  /** Session token of the logged-in user (empty when logged out). */
  token: string
  appInfo: AppInfo
}

export const nativeStore = createStore<NativeState>('native', {
  device: '',
  isInApp: false,
  inWechat: false,
  token: '',
  appInfo: { ...APP_INFO },
})
