import { createStore } from './createStore'

export interface ProductState {
  accountId: string
  fromApp: boolean
  userInfoFromApp: Record<string, unknown>
  approvedRefuse: { status: boolean; timer: number }
}

export const productStore = createStore<ProductState>('product', {
  accountId: '',
  fromApp: false,
  userInfoFromApp: {},
  approvedRefuse: { status: false, timer: 0 },
})
