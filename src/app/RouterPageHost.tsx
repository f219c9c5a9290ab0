import { useMemo, type ReactNode } from 'react'
import { useLocation, useParams } from 'react-router-dom'
import { useAppNavigate } from '../components/navigation/useAppNavigate'
import { PageHostContext, type PageHost } from '../page-runtime/pageHost'

/** Gives the screen under a route (config pages read it) the router's location, params and navigate. */
export function RouterPageHost({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  const params = useParams()
  const navigate = useAppNavigate()
  const host = useMemo<PageHost>(
    () => ({ pathname, search, params, navigate }),
    [pathname, search, params, navigate],
  )
  return <PageHostContext.Provider value={host}>{children}</PageHostContext.Provider>
}
