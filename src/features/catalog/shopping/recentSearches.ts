// Recent searches, kept on the device (localStorage): newest first, no duplicates, at most ten.

export const RECENT_SEARCHES_KEY = 'mall:recentSearches'
export const RECENT_SEARCHES_MAX = 10

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function loadRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(RECENT_SEARCHES_KEY) ?? '[]')
    return Array.isArray(parsed)
      ? parsed
          .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
          .slice(0, RECENT_SEARCHES_MAX)
      : []
  } catch {
    // Corrupt entry: start over rather than break the search screen.
    return []
  }
}

function save(list: string[]): void {
  try {
    storage()?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list))
  } catch {
    // Quota or private mode: the list just is not remembered.
  }
}

/** Puts `keyword` first (moving it if already there) and returns the new list. */
export function rememberSearch(keyword: string): string[] {
  const text = keyword.trim()
  if (!text) return loadRecentSearches()
  const next = [text, ...loadRecentSearches().filter((s) => s !== text)].slice(0, RECENT_SEARCHES_MAX)
  save(next)
  return next
}

export function clearRecentSearches(): void {
  try {
    storage()?.removeItem(RECENT_SEARCHES_KEY)
  } catch {
    // nothing to clear
  }
}
