import { useEffect, useMemo } from 'react'
import type { SWRConfiguration } from 'swr'
import { PrerenderContext, useHydrating, type PrerenderSnapshot } from '../components/prerender'
import { AppProviders } from './AppProviders'
import { AppRouter } from './AppRouter'

/** Hydrating a screen the server rendered: its snapshot and data (src/app/ssr), its screen's chunk loaded. */
export interface AppHydration {
  snapshot: PrerenderSnapshot
  fallback: NonNullable<SWRConfiguration['fallback']>
  use: NonNullable<SWRConfiguration['use']>
  /** Called once hydrated: the app then renders for this device (stored state, notices). */
  onHydrated: () => void
}

export function App({ hydration }: { hydration?: AppHydration }) {
  const hydrating = useHydrating()
  useEffect(() => {
    if (!hydrating) hydration?.onHydrated()
  }, [hydrating, hydration])
  const fallback = hydration?.fallback
  const use = hydration?.use
  const swr = useMemo(() => (fallback ? { fallback, use } : undefined), [fallback, use])
  return (
    <PrerenderContext value={hydrating && hydration ? hydration.snapshot : null}>
      <AppProviders swr={swr}>
        <AppRouter />
      </AppProviders>
    </PrerenderContext>
  )
}
