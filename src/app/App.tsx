import { useEffect, useMemo } from 'react'
import type { SWRConfiguration } from 'swr'
import { PrerenderContext, useHydrating, type PrerenderSnapshot } from '../components/prerender'
import { AppProviders } from './AppProviders'
import { AppRouter, type AppRouterInstance } from './AppRouter'

/** Hydrating a screen the server rendered: its router (screen loaded), snapshot and data (src/app/ssr). */
export interface AppHydration {
  router: AppRouterInstance
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
        <AppRouter router={hydration?.router} />
      </AppProviders>
    </PrerenderContext>
  )
}
