import { useEffect, useRef } from 'react'
import { BrowserRouter, useLocation, useNavigate, type NavigateOptions } from 'react-router-dom'
import { belowBasename, ROUTER_BASENAME } from '../config/router'
import { installUnauthorizedRedirect } from '../features/member/unauthorizedHandler'
import { stripLayoutPrefix } from '../components/navigation/appPath'
import { recordHistoryEntry } from '../components/navigation/historyTrail'
import { AppRoutes, preloadScreensAt } from './router'

export { preloadScreensAt }

/** Where the router goes as soon as it is there (the light shell handing a config page over: ConfigShell). */
export interface FirstNavigation {
  to: string | number
  options?: NavigateOptions
}

/** What the app does on every location: API 401s go to login, and each history entry's path is recorded. */
function RouterEffects({ first }: { first?: FirstNavigation }) {
  const navigate = useNavigate()
  const location = useLocation()
  // Any API 401 sends the user to /Login?redirect=<current path>.
  useEffect(
    () =>
      installUnauthorizedRedirect({
        location: () => ({
          pathname: belowBasename(window.location.pathname) ?? window.location.pathname,
          search: window.location.search,
        }),
        navigate: (to) => void navigate(to),
      }),
    [navigate],
  )
  // Each history entry's path, so a flow can go back past its own screens (historyTrail.ts).
  useEffect(() => recordHistoryEntry(stripLayoutPrefix(location.pathname)), [location])
  const went = useRef(false)
  useEffect(() => {
    if (!first || went.current) return
    went.current = true
    if (typeof first.to === 'number') void navigate(first.to)
    else void navigate(first.to, first.options)
  }, [first, navigate])
  return null
}

/** The router over the whole route table, at the browser's URL. */
export function AppRouter({ first }: { first?: FirstNavigation }) {
  return (
    <BrowserRouter basename={ROUTER_BASENAME}>
      <RouterEffects first={first} />
      <AppRoutes />
    </BrowserRouter>
  )
}
