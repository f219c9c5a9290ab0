import { Outlet, ScrollRestoration } from 'react-router-dom'
import { useGoBack } from '../../components/navigation/useAppNavigate'
import type { ScreenRoute } from '../../types/route'
import { AppTabBar } from './AppTabBar'
import { LayoutFrame } from './LayoutFrame'
import { NavigationPending } from './NavigationPending'
import { useRouteChrome } from './useRouteChrome'

/**
 * Main layout: NavBar with back on inner screens, TabBar on the four top-level tabs. In both layouts React
 * Router's ScrollRestoration starts each new entry (push or replace) at the top and brings back (POP) the
 * position the person left the entry at.
 */
export function MainLayout({ routes }: { routes: readonly ScreenRoute[] }) {
  const { title, tab } = useRouteChrome()
  const goBack = useGoBack()
  return (
    <LayoutFrame
      title={title}
      tab={tab}
      onBack={goBack}
      pending={<NavigationPending />}
      tabBar={tab && <AppTabBar routes={routes} />}
    >
      <Outlet />
      <ScrollRestoration />
    </LayoutFrame>
  )
}

/** In-app layout (/app/...): for the mall app and partner webviews, which draw their own title bar. */
export function InAppLayout() {
  const { title } = useRouteChrome()
  return (
    <LayoutFrame inApp title={title} pending={<NavigationPending />}>
      <Outlet />
      <ScrollRestoration />
    </LayoutFrame>
  )
}
