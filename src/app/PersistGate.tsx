import { useEffect, useState, type ReactNode } from 'react'
import type { Persistor } from '../state/persist'

/** Renders its children only once the persisted namespaces have been restored (or given up on). */
export function PersistGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let alive = true
    void persistor.restore().then(() => alive && setReady(true))
    return () => {
      alive = false
    }
  }, [persistor])
  return ready ? children : null
}
