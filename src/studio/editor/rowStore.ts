import { useSyncExternalStore } from 'react'
import type { Json } from './configOps'

// Each tree row reads its block from this store by pointer, so an edit of one block re-renders that row only:
// the tree itself (and dnd-kit's context, whose every change re-renders every sortable row) re-renders only when
// the structure, the selection or the error marks change.

export class RowStore {
  private blocks = new Map<string, Json>()
  private listeners = new Map<string, Set<() => void>>()

  private changed: string[] = []

  /**
   * Takes the current blocks during the workspace's render, so rows rendered in the same pass read them; the
   * rows that are not re-rendered hear of their change from flush() (a layout effect).
   */
  set(blocks: ReadonlyMap<string, Json>): void {
    for (const [pointer, block] of blocks) if (this.blocks.get(pointer) !== block) this.changed.push(pointer)
    this.blocks = new Map(blocks)
  }

  flush(): void {
    const changed = this.changed
    this.changed = []
    for (const pointer of new Set(changed)) this.listeners.get(pointer)?.forEach((fn) => fn())
  }

  get(pointer: string): Json | undefined {
    return this.blocks.get(pointer)
  }

  subscribe(pointer: string, fn: () => void): () => void {
    let set = this.listeners.get(pointer)
    if (!set) this.listeners.set(pointer, (set = new Set()))
    set.add(fn)
    return () => {
      set.delete(fn)
    }
  }
}

export function useRowBlock(store: RowStore, pointer: string): Json | undefined {
  return useSyncExternalStore(
    (fn) => store.subscribe(pointer, fn),
    () => store.get(pointer),
  )
}
