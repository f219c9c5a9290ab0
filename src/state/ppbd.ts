import { createStore } from './createStore'

/** Messaging-platform login. */
export interface PpbdState {
  openId: string
}

export const ppbdStore = createStore<PpbdState>('ppbd', { openId: '' })
