import { REQUEST_CACHE_TTL_MS } from '../../config/constants'

interface Entry {
  expiresAt: number
  value: unknown
}

/** GET response cache keyed by full URL; entries live REQUEST_CACHE_TTL_MS. */
export class ResponseCache {
  private entries = new Map<string, Entry>()
  constructor(private readonly ttlMs: number = REQUEST_CACHE_TTL_MS) {}

  get(key: string): { hit: true; value: unknown } | { hit: false } {
    const entry = this.entries.get(key)
    if (!entry) return { hit: false }
    if (Date.now() >= entry.expiresAt) {
      this.entries.delete(key)
      return { hit: false }
    }
    return { hit: true, value: structuredClone(entry.value) }
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, { expiresAt: Date.now() + this.ttlMs, value: structuredClone(value) })
  }

  clear(): void {
    this.entries.clear()
  }
}
