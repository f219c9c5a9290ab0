// The studio's clipboard: blocks copied in one page, pasted in any page of any tab (localStorage, not the
// system clipboard: it needs no permission and keeps the campaigns with the blocks).
import { useSyncExternalStore } from 'react'
import type { BlockBundle } from './blockTransfer'

const KEY = 'studio:clipboard'
const listeners = new Set<() => void>()
let cached: { raw: string | null; value: BlockBundle | null } = { raw: null, value: null }

function read(): BlockBundle | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    return null
  }
  if (raw === cached.raw) return cached.value
  let value: BlockBundle | null = null
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<BlockBundle>) : null
    if (parsed && Array.isArray(parsed.blocks) && parsed.blocks.length)
      value = { blocks: parsed.blocks, campaigns: parsed.campaigns ?? {}, from: parsed.from }
  } catch {
    value = null
  }
  cached = { raw, value }
  return value
}

export function writeClipboard(bundle: BlockBundle): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(bundle))
  } catch {
    // Storage full or disabled: nothing is copied (the caller's message says what was).
  }
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab's copy arrives as a storage event.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** What the clipboard holds now (updates when this or another tab copies). */
export const useClipboard = () => useSyncExternalStore(subscribe, read, () => null)
