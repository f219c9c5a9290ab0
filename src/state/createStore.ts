import { proxy } from 'valtio'

export type PlainObject = Record<string, unknown>

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

/** Deep-merges `patch` into `target` in place: objects merge, everything else (arrays too) replaces. */
export function deepMerge(target: PlainObject, patch: PlainObject): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key]
    if (isPlainObject(value) && isPlainObject(current)) deepMerge(current, value)
    else target[key] = isPlainObject(value) || Array.isArray(value) ? clone(value) : value
  }
}

export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K]
}

export interface Store<T extends object> {
  readonly name: string
  readonly state: T
  /** Merges a partial payload into the state (top-level keys replace). */
  update(partial: Partial<T>): void
  /** Back to the defaults. */
  reset(): void
  defaults(): T
}

export function createStore<T extends object>(name: string, defaults: T): Store<T> {
  const state = proxy<T>(clone(defaults))
  return {
    name,
    state,
    update(partial) {
      Object.assign(state, clone(partial))
    },
    reset() {
      const fresh = clone(defaults) as PlainObject
      for (const key of Object.keys(state)) if (!(key in fresh)) delete (state as PlainObject)[key]
      Object.assign(state, fresh)
    },
    defaults: () => clone(defaults),
  }
}
