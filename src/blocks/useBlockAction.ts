import { useState } from 'react'
import type { Action } from '../types/generated/page'
import { useBlockRuntime } from './runtime'

/** Click handler for an optional action; `busy` while an api action is in flight (buttons disable). */
export function useBlockAction(action: Action | undefined) {
  const { run } = useBlockRuntime()
  const [busy, setBusy] = useState(false)
  const onClick = action
    ? async () => {
        if (busy) return
        setBusy(true)
        try {
          await run(action)
        } finally {
          setBusy(false)
        }
      }
    : undefined
  return { onClick, busy, clickable: Boolean(action) }
}
