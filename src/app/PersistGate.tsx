import { useEffect, useState, type ReactNode } from 'react'
import type { Persistor } from '../state/persist'

/** Renders its children only once the persisted namespaces have been restored (or given up on). */
export function PersistGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const [ready, setReady] = useState(persistor.isRestored)
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
