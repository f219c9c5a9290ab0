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
  isInApp: boolean
  /** Session token of the logged-in user (empty when logged out). */
  token: string
  appInfo: AppInfo
}

export const nativeStore = createStore<NativeState>('native', {
  device: '',
  isInApp: false,
  token: '',
  appInfo: { ...APP_INFO },
})
