// In-app URLs are built here and by the features' href builders only, never by hand in a screen.

export type HrefParams = Record<string, string | number | boolean | null | undefined>

/** `path?a=1&b=2` with the params that have a value, encoded as a form query; the path alone when none has. */
export function withQuery(path: string, params: HrefParams): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(key, String(value))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/** A query parameter a screen's URL names, trimmed; null when absent or blank. */
export const queryParam = (search: URLSearchParams, name: string): string | null =>
  search.get(name)?.trim() || null
