import { apiErrorOf, HttpError } from './errors'

// Idempotency-Key for writes that move money (docs/idempotency.md). One key per user intent ("submit this
// application", "pay this order by WeChat"): kept in sessionStorage while its request is unanswered, so a
// double tap, a retry after a lost answer or a reload mid-request sends the same key and the server acts
// once. An answered request (success, or a 4xx the server chose) ends the intent; the next tap is a new one.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

const memory = new Map<string, string>()

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.sessionStorage
  } catch {
    // Storage disabled (some private modes): keys live as long as the page.
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    }
  }
}

/** 32 hex characters from the browser's CSPRNG (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Sends `request` with the key of `scope`; a 409 IDEMPOTENCY_KEY_REUSED (the request changed) retries once anew. */
export async function withIdempotencyKey<T>(scope: string, request: (key: string) => Promise<T>): Promise<T> {
  const store = storage()
  const name = `idempotency:${scope}`
  for (let attempt = 0; ; attempt++) {
    const key = store.getItem(name) ?? newIdempotencyKey()
    store.setItem(name, key)
    try {
      const result = await request(key)
      store.removeItem(name)
      return result
    } catch (error) {
      const answered = error instanceof HttpError && error.status < 500
      if (answered) store.removeItem(name)
      if (attempt === 0 && answered && apiErrorOf(error)?.code === 'IDEMPOTENCY_KEY_REUSED') continue
      throw error
    }
  }
}
