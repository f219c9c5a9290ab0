// Small helpers for configs held as parsed JSON.

export type JsonObject = Record<string, unknown>

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapePointer(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key
}
