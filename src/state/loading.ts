import { createStore } from './createStore'

/** Global loading indicator: counts running operations by key. */
export interface LoadingState {
  global: boolean
  effects: Record<string, boolean>
}

const store = createStore<LoadingState>('loading', { global: false, effects: {} })

function recompute(): void {
  store.state.global = Object.values(store.state.effects).some(Boolean)
}

export const loadingStore = {
  ...store,
  start(key: string): void {
    store.state.effects[key] = true
    recompute()
  },
  stop(key: string): void {
    delete store.state.effects[key]
    recompute()
  },
}
