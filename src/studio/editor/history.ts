import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { PageConfig } from './types'

// Undo/redo over config snapshots. Snapshots share every untouched object with their neighbours (configOps
// copies only the changed path), so a long history costs little. Keystrokes in one field within COALESCE_MS of
// each other are one step.

const COALESCE_MS = 1500
const LIMIT = 200

export interface History {
  /** Applies an edit; edits with the same `coalesceKey` in quick succession undo together. */
  apply(next: PageConfig, coalesceKey?: string): void
  undo(): void
  redo(): void
  canUndo: boolean
  canRedo: boolean
}

export function useHistory(config: PageConfig, onChange: (config: PageConfig) => void): History {
  const current = useRef(config)
  // The shell's onChange may be a new function on every render: the callbacks below stay stable anyway, so
  // memoized tree rows holding them do not all re-render on each keystroke.
  const emit = useRef(onChange)
  useLayoutEffect(() => {
    current.current = config
    emit.current = onChange
  }, [config, onChange])
  const past = useRef<PageConfig[]>([])
  const future = useRef<PageConfig[]>([])
  const last = useRef<{ key: string; at: number } | null>(null)
  const [can, setCan] = useState({ undo: false, redo: false })
  const bump = () => {
    const next = { undo: past.current.length > 0, redo: future.current.length > 0 }
    setCan((prev) => (prev.undo === next.undo && prev.redo === next.redo ? prev : next))
  }

  const apply = useCallback((next: PageConfig, coalesceKey?: string) => {
    if (next === current.current) return
    const now = Date.now()
    const coalesce =
      coalesceKey !== undefined &&
      last.current?.key === coalesceKey &&
      now - last.current.at < COALESCE_MS &&
      past.current.length > 0
    if (!coalesce) past.current = [...past.current.slice(-(LIMIT - 1)), current.current]
    future.current = []
    bump()
    last.current = coalesceKey === undefined ? null : { key: coalesceKey, at: now }
    current.current = next
    emit.current(next)
  }, [])
  /** Moves one snapshot from one stack to the other (undo: past -> future; redo: future -> past). */
  const step = useCallback((from: 'past' | 'future') => {
    const source = from === 'past' ? past : future
    const target = from === 'past' ? future : past
    const snapshot = source.current[source.current.length - 1]
    if (!snapshot) return
    source.current = source.current.slice(0, -1)
    target.current = [...target.current, current.current]
    last.current = null
    current.current = snapshot
    bump()
    emit.current(snapshot)
  }, [])
  const undo = useCallback(() => step('past'), [step])
  const redo = useCallback(() => step('future'), [step])

  return { apply, undo, redo, canUndo: can.undo, canRedo: can.redo }
}
