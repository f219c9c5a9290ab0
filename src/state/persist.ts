import { subscribe } from 'valtio'
import { PERSIST_KEY, PERSIST_KEY_PREFIX, PERSIST_RESTORE_TIMEOUT_MS } from '../config/constants'
import { isPlainObject, type PlainObject, type Store } from './createStore'

/** localStorage or anything shaped like it (possibly async). */
export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>
  setItem(key: string, value: string): void | Promise<void>
  removeItem(key: string): void | Promise<void>
}

export type RestoreOutcome = 'restored' | 'empty' | 'corrupt' | 'timeout'

export interface Persistor {
  /** Reads stored state into the stores, once (later calls get the same outcome); resolves once the app may render. */
  restore(): Promise<RestoreOutcome>
  /** True once restore() has settled: the app may render straight away. */
  isRestored(): boolean
  /** Writes the current state now. */
  flush(): Promise<void>
  /** Stops writing until `resume()`. */
  pause(): void
  resume(): void
  /** Deletes what is stored (the stores keep their current values). */
  purge(): Promise<void>
  readonly storageKey: string
}

const FORMAT_VERSION = 1

export interface PersistOptions {
  // The persisted stores keyed by namespace name.
  stores: Record<string, Store<object>>
  storage: PersistStorage
  timeoutMs?: number
  logger?: Pick<Console, 'warn' | 'error'>
}

/** Keeps only the fields the defaults know, and only with the same kind of value. */
export function sanitize(defaults: PlainObject, stored: unknown): PlainObject | null {
  if (!isPlainObject(stored)) return null
  const out: PlainObject = {}
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = stored[key]
    const sameKind =
      value !== undefined &&
      typeof value === typeof fallback &&
      Array.isArray(value) === Array.isArray(fallback) &&
      (value === null) === (fallback === null)
    out[key] = sameKind ? value : fallback
  }
  return out
}

export function createPersistor({
  stores,
  storage,
  timeoutMs = PERSIST_RESTORE_TIMEOUT_MS,
  logger = console,
}: PersistOptions): Persistor {
  const storageKey = `${PERSIST_KEY_PREFIX}${PERSIST_KEY}`
  let paused = false
  let restored = false
  let pending: ReturnType<typeof setTimeout> | undefined

  const serialize = (): string => {
    const payload: PlainObject = { _persist: { version: FORMAT_VERSION } }
    for (const [name, store] of Object.entries(stores)) payload[name] = store.state
    return JSON.stringify(payload)
  }

  const write = async (): Promise<void> => {
    if (pending) clearTimeout(pending)
    pending = undefined
    if (paused || !restored) return
    try {
      await storage.setItem(storageKey, serialize())
    } catch (error) {
      logger.warn('[persist] could not write state', error)
    }
  }

  const schedule = (): void => {
    if (paused || !restored || pending) return
    pending = setTimeout(() => void write(), 0)
  }

  const apply = (raw: string | null): RestoreOutcome => {
    if (raw === null) return 'empty'
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      logger.warn(`[persist] stored state under "${storageKey}" is not JSON; starting clean`)
      return 'corrupt'
    }
    const meta = isPlainObject(parsed) ? parsed._persist : undefined
    if (!isPlainObject(parsed) || !isPlainObject(meta) || meta.version !== FORMAT_VERSION) {
      logger.warn(`[persist] stored state under "${storageKey}" has an unknown format; starting clean`)
      return 'corrupt'
    }
    for (const [name, store] of Object.entries(stores)) {
      const clean = sanitize(store.defaults() as PlainObject, parsed[name])
      if (clean) store.update(clean)
    }
    return 'restored'
  }

  const startWriting = (): void => {
    restored = true
    for (const store of Object.values(stores)) subscribe(store.state, schedule)
  }

  let restoring: Promise<RestoreOutcome> | undefined
  let settled = false
  const restoreOnce = async (): Promise<RestoreOutcome> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const read = Promise.resolve()
      .then(() => storage.getItem(storageKey))
      .then(
        (raw) => ({ raw }),
        (error: unknown) => {
          logger.warn('[persist] could not read stored state; starting clean', error)
          return { raw: null }
        },
      )
    const first = await Promise.race([read, timeout])
    clearTimeout(timer)
    let outcome: RestoreOutcome
    if (first === 'timeout') {
      logger.error(
        `[persist] restore took longer than ${timeoutMs}ms and is treated as failed; starting clean`,
      )
      outcome = 'timeout'
    } else {
      outcome = apply(first.raw)
    }
    startWriting()
    settled = true
    return outcome
  }

  return {
    storageKey,
    restore: () => (restoring ??= restoreOnce()),
    isRestored: () => settled,
    flush: write,
    pause() {
      paused = true
      if (pending) clearTimeout(pending)
      pending = undefined
    },
    resume() {
      paused = false
      schedule()
    },
    async purge() {
      if (pending) clearTimeout(pending)
      pending = undefined
      await storage.removeItem(storageKey)
    },
  }
}
