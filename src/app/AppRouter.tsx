import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { installUnauthorizedRedirect } from '../features/member/unauthorizedHandler'
import { stripLayoutPrefix } from '../components/navigation/appPath'
import { recordHistoryEntry } from '../components/navigation/historyTrail'
import { createAppRouter } from './router'

export { createAppRouter }
export type AppRouterInstance = ReturnType<typeof createAppRouter>

/** The router over the whole route table: the one given, or one created from the current URL. */
export function AppRouter({ router: given }: { router?: AppRouterInstance }) {
  const [router] = useState(() => given ?? createAppRouter())
  // Any API 401 sends the user to /Login?redirect=<current path>.
  useEffect(() => installUnauthorizedRedirect(router), [router])
  // Each history entry's path, so a flow can go back past its own screens (historyTrail.ts).
  useEffect(() => {
    recordHistoryEntry(stripLayoutPrefix(router.state.location.pathname))
    return router.subscribe(({ location }) => recordHistoryEntry(stripLayoutPrefix(location.pathname)))
  }, [router])
  return <RouterProvider router={router} />
}
