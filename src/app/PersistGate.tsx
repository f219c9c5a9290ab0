import { useEffect, useState, type ReactNode } from 'react'
import type { Persistor } from '../state/persist'

/**
 * Renders its children only once the persisted namespaces have been restored (or given up on). `open`: render
 * them anyway (prerendered HTML, which shows no stored state).
 */
export function PersistGate({
  persistor,
  open = false,
  children,
}: {
  persistor: Persistor
  open?: boolean
  children: ReactNode
}) {
  const [ready, setReady] = useState(() => open || persistor.isRestored())
  useEffect(() => {
    if (ready) return
    let alive = true
    void persistor.restore().then(() => {
      if (alive) setReady(true)
    })
    return () => {
      alive = false
    }
  }, [persistor, ready])
  return ready ? children : null
}
