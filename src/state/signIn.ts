import { createStore } from './createStore'

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
