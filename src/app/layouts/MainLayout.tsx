import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { useGoBack } from '../../components/navigation/useAppNavigate'
import type { ScreenRoute } from '../../types/route'
import { AppTabBar } from './AppTabBar'
import { LayoutFrame } from './LayoutFrame'
import { NavigationPending } from './NavigationPending'
import { ScrollKeeper } from './ScrollKeeper'
import { useRouteChrome } from './useRouteChrome'
import { useHostTitleBar } from './useHostTitleBar'

/**
 * Main layout: NavBar with back on inner screens (inside the company's app, its title bar instead), TabBar on the
 * four top-level tabs. In both layouts each new
 * entry (push or replace) starts at the top and going back (POP) brings back the position the person left the
 * entry at (ScrollKeeper). A screen whose chunk is still loading shows NavigationPending's placeholder.
 */
export function MainLayout({ routes }: { routes: readonly ScreenRoute[] }) {
  const { title, tab } = useRouteChrome()
  const goBack = useGoBack()
  const hostTitleBar = useHostTitleBar()
  return (
    <LayoutFrame
      hostTitleBar={hostTitleBar}
      title={title}
      tab={tab}
      onBack={goBack}
      pending={<NavigationPending />}
      tabBar={tab && <AppTabBar routes={routes} />}
    >
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ScrollKeeper />
    </LayoutFrame>
  )
}

/** In-app layout (/app/...): for the mall app and partner webviews, which draw their own title bar. */
export function InAppLayout() {
  const { title } = useRouteChrome()
  return (
    <LayoutFrame inApp title={title} pending={<NavigationPending />}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ScrollKeeper />
    </LayoutFrame>
  )
}
