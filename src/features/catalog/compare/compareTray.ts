import { proxy, subscribe } from 'valtio'

// Products picked for comparison (2-4). Kept for this browser tab only (sessionStorage): the device keeps
// only the persisted namespaces.

export const COMPARE_MIN = 2
export const COMPARE_MAX = 4
const STORAGE_KEY = 'mall:compareTray'

export interface ComparePick {
  id: string
  name: string
}

function load(): ComparePick[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed
      .filter((p): p is ComparePick => typeof p?.id === 'string' && typeof p?.name === 'string')
      .slice(0, COMPARE_MAX)
  } catch {
    return []
  }
}

export const compareTray = proxy<{ items: ComparePick[] }>({
  items: typeof window === 'undefined' ? [] : load(),
})

if (typeof window !== 'undefined') {
  subscribe(compareTray, () => {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(compareTray.items))
    } catch {
      // Storage full or blocked: the tray still works for this page.
    }
  })
}

export type AddResult = 'added' | 'exists' | 'full'

export function addToCompare(pick: ComparePick): AddResult {
  if (compareTray.items.some((p) => p.id === pick.id)) return 'exists'
  if (compareTray.items.length >= COMPARE_MAX) return 'full'
  compareTray.items.push({ id: pick.id, name: pick.name })
  return 'added'
}

export function removeFromCompare(id: string): void {
  compareTray.items = compareTray.items.filter((p) => p.id !== id)
}

export function clearCompare(): void {
  compareTray.items = []
}

/** Ids from a /compare/{sc} segment: de-duplicated, at most four. */
export function parseCompareCode(sc: string | undefined): string[] {
  if (!sc) return []
  const ids = sc
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return [...new Set(ids)].slice(0, COMPARE_MAX)
}
