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

/** The page's localStorage, looked up on each use (a test's window is replaced between files). */
function browserStorage(): PersistStorage {
  const fallback = memoryStorage()
  const storage = (): PersistStorage => {
    try {
      return window.localStorage
    } catch {
      // Private mode or blocked storage: keep state for this visit only.
      return fallback
    }
  }
  return {
    getItem: (k) => storage().getItem(k),
    setItem: (k, v) => storage().setItem(k, v),
    removeItem: (k) => storage().removeItem(k),
  }
}

export const persistor = createPersistor({
  stores: { user: userStore, jtcState: jtcStore },
  storage: typeof window === 'undefined' ? memoryStorage() : browserStorage(),
})
