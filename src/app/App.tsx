import { AppProviders } from './AppProviders'
import { AppRouter, createAppRouter, routerReady } from './AppRouter'

export { createAppRouter, routerReady }

/** The app; `router`: one already created (and ready, over a prerendered screen). */
export function App({ router }: { router?: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <AppRouter router={router} />
    </AppProviders>
  )
}
