import { createStore } from './createStore'

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
