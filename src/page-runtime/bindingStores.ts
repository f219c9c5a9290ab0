import { createStore } from '../state/createStore'

// The spec's state namespaces that config pages bind to besides `user` ($state.signIn…, $state.common…):
// only the page runtime reads them; the app sets common.inMallApp at start.

/** Daily check-in points. */
export interface SignInState {
  continuous: number
  freezeIntegral: number
  usableIntegral: number
  monthGainIntegral: number
  monthTradeIntegral: number
  exchangeDetail: Record<string, unknown>
}

export const signInStore = createStore<SignInState>('signIn', {
  continuous: 0,
  freezeIntegral: 0,
  usableIntegral: 0,
  monthGainIntegral: 0,
  monthTradeIntegral: 0,
  exchangeDetail: {},
})

export interface CommonState {
  apiProduct: unknown[]
  wxUserInfo: Record<string, unknown>
  goodsDetail: Record<string, unknown>
  /** True when the browser identifies itself as the mall app. */
  inMallApp: boolean
}

export const commonStore = createStore<CommonState>('common', {
  apiProduct: [],
  wxUserInfo: {},
  goodsDetail: {},
  inMallApp: false,
})
