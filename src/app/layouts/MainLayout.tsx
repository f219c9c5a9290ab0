import { Outlet } from 'react-router-dom'
import { useGoBack } from '../../components/navigation/useAppNavigate'
import type { ScreenRoute } from '../../types/route'
import { AppTabBar } from './AppTabBar'
import { LayoutFrame } from './LayoutFrame'
import { NavigationPending } from './NavigationPending'
import { useRouteChrome } from './useRouteChrome'

/** Main layout: NavBar with back on inner screens, TabBar on the four top-level tabs. */
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
    </LayoutFrame>
  )
}

/** In-app layout (/app/...): for the mall app and partner webviews, which draw their own title bar. */
export function InAppLayout() {
  const { title } = useRouteChrome()
  return (
    <LayoutFrame inApp title={title} pending={<NavigationPending />}>
      <Outlet />
    </LayoutFrame>
  )
}
