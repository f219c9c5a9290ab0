// Which trail this tab is recording for a user's product: kept in sessionStorage so that a reload mid-flow
// goes on with the same trail (two tabs of one product share it). The server reuses an open trail of the last
// two hours, so an id unused for longer is forgotten here too.

const PREFIX = 'salesTrail:'
const REUSE_MS = 2 * 60 * 60 * 1000

interface Stored {
  id: string
  at: number
}

// Storage may be off (private mode, blocked): the tab's memory still keeps the id until a reload.
const memory = new Map<string, Stored>()

const keyOf = (userId: string, productId: string) => `${PREFIX}${userId}:${productId}`

function read(key: string): Stored | undefined {
  try {
    const raw = sessionStorage.getItem(key)
    const parsed: unknown = raw ? JSON.parse(raw) : undefined
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'at' in parsed) {
      const { id, at } = parsed as Record<string, unknown>
      if (typeof id === 'string' && typeof at === 'number') return { id, at }
    }
  } catch {
    // Unreadable: fall back to memory.
  }
  return memory.get(key)
}

function write(key: string, value: Stored | null): void {
  if (value) memory.set(key, value)
  else memory.delete(key)
  try {
    if (value) sessionStorage.setItem(key, JSON.stringify(value))
    else sessionStorage.removeItem(key)
  } catch {
    // Memory holds it.
  }
}

/** The trail id kept for this user's product, if still in reuse; using it keeps it fresh. */
export function storedTrail(userId: string, productId: string, now = Date.now()): string | null {
  const key = keyOf(userId, productId)
  const found = read(key)
  if (!found || now - found.at > REUSE_MS) return null
  write(key, { id: found.id, at: now })
  return found.id
}

export function storeTrail(userId: string, productId: string, id: string, now = Date.now()): void {
  write(keyOf(userId, productId), { id, at: now })
}

/** Forgets a trail the server no longer takes from this user (404): the next screen opens another. */
export function forgetTrail(id: string): void {
  for (const [key, value] of memory) if (value.id === id) write(key, null)
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i)
      if (key?.startsWith(PREFIX) && read(key)?.id === id) write(key, null)
    }
  } catch {
    // Nothing more to forget.
  }
}
