type Json = unknown

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `next` with every part equal to the same part of `previous` replaced by that part of `previous`: the studio's
 * frame receives the whole config on every edit (a fresh copy when posted, since postMessage clones it), and
 * keeping the unchanged blocks' objects lets the renderer skip them (BlockRenderer memoizes on identity). One
 * pass, O(size).
 */
export function structuralShare<T>(previous: Json, next: T): T {
  if (previous === next) return next
  if (Array.isArray(previous) && Array.isArray(next)) {
    const shared = next.map((item: Json, i) => structuralShare(previous[i], item))
    const same = shared.length === previous.length && shared.every((item, i) => item === previous[i])
    return (same ? previous : shared) as T
  }
  if (isRecord(previous) && isRecord(next)) {
    const keys = Object.keys(next)
    const shared: Record<string, Json> = {}
    let same = keys.length === Object.keys(previous).length
    for (const key of keys) {
      shared[key] = structuralShare(previous[key], next[key])
      if (!Object.prototype.hasOwnProperty.call(previous, key) || shared[key] !== previous[key]) same = false
    }
    return (same ? previous : shared) as T
  }
  return next
}
