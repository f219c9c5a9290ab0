// The app's persistor: only `user` and `jtcState` are written to the device.
import { createPersistor, type PersistStorage } from './persist'
import { jtcStore } from './jtcState'
import { userStore } from './user'

const memoryStorage = (): PersistStorage => {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

function browserStorage(): PersistStorage {
  try {
    return window.localStorage
  } catch {
    // Private mode or blocked storage: keep state for this visit only.
    return memoryStorage()
  }
}

export const persistor = createPersistor({
  stores: { user: userStore, jtcState: jtcStore },
  storage: typeof window === 'undefined' ? memoryStorage() : browserStorage(),
})
