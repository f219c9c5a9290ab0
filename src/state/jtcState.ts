import { createStore } from './createStore'

/** Agent (consultant) context carried into the mall; persisted across reloads. */
export interface JtcState {
  agentInfo: Record<string, unknown>
}

export const jtcStore = createStore<JtcState>('jtcState', { agentInfo: {} })
