import { NavBar } from 'antd-mobile'
import { Outlet } from 'react-router-dom'
import { useGoBack } from '../../components/navigation/useAppNavigate'
import type { ScreenRoute } from '../../types/route'
import { AppTabBar } from './AppTabBar'
import { NavigationPending } from './NavigationPending'
import { useRouteChrome } from './useRouteChrome'

/** Main layout: NavBar with back on inner screens, TabBar on the four top-level tabs. */
export function MainLayout({ routes }: { routes: readonly ScreenRoute[] }) {
  const { title, tab } = useRouteChrome()
  const goBack = useGoBack()
  return (
    <div className={`app-layout ${tab ? 'with-tabbar' : ''}`}>
      <NavBar className="app-navbar" back={tab ? null : ''} backIcon={!tab} onBack={goBack}>
        {title}
      </NavBar>
      <NavigationPending />
      <main className="app-content">
        <Outlet />
      </main>
      {tab && <AppTabBar routes={routes} />}
    </div>
  )
}

/** In-app layout (/app/...): for the mall app and partner webviews, which draw their own title bar. */
export function InAppLayout() {
  useRouteChrome()
  return (
    <div className="app-layout in-app">
      <NavigationPending />
      <main className="app-content">
        <Outlet />
      </main>
    </div>
  )
}
