// Which trail this tab is recording for a user's product: kept in sessionStorage so that a reload mid-flow goes
// on with the same trail (two tabs of one product share it). Unused for two hours, it is forgotten, as the server
// forgets it. Where storage is off, the server's own reuse of an open trail keeps the sale on one trail anyway.

const PREFIX = 'salesTrail:'
const REUSE_MS = 2 * 60 * 60 * 1000

const keyOf = (userId: string, productId: string) => `${PREFIX}${userId}:${productId}`

function write(key: string, value: [id: string, at: number] | null): void {
  try {
    if (value) sessionStorage.setItem(key, JSON.stringify(value))
    else sessionStorage.removeItem(key)
  } catch {
    // Storage off or full: the server's reuse stands in.
  }
}

function read(key: string | null): [id: string, at: number] | null {
  try {
    const value: unknown = JSON.parse((key && sessionStorage.getItem(key)) || 'null')
    return Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number'
      ? [value[0], value[1]]
      : null
  } catch {
    return null
  }
}

/** The trail id kept for this user's product, if still in reuse; using it keeps it fresh. */
export function storedTrail(userId: string, productId: string, now = Date.now()): string | null {
  const key = keyOf(userId, productId)
  const found = read(key)
  if (!found || now - found[1] > REUSE_MS) return null
  write(key, [found[0], now])
  return found[0]
}

export const storeTrail = (userId: string, productId: string, id: string, now = Date.now()) =>
  write(keyOf(userId, productId), [id, now])

/** Forgets a trail the server no longer takes from this user (404): the next screen opens another. */
export function forgetTrail(id: string): void {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i)
      if (key?.startsWith(PREFIX) && read(key)?.[0] === id) write(key, null)
    }
  } catch {
    // Nothing to forget.
  }
}
