import { TabBar } from 'antd-mobile'
import { AppOutline, ShopbagOutline, GiftOutline, UserOutline } from 'antd-mobile-icons'
import { useLocation } from 'react-router-dom'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import type { ScreenRoute } from '../../types/route'
import { TAB_ITEMS } from '../routes'

const ICONS = {
  home: <AppOutline />,
  shopping: <ShopbagOutline />,
  points: <GiftOutline />,
  user: <UserOutline />,
}

export function AppTabBar({ routes }: { routes: readonly ScreenRoute[] }) {
  const { pathname } = useLocation()
  const navigate = useAppNavigate()
  const items = TAB_ITEMS.filter((tab) => routes.some((r) => r.path === tab.path))
  return (
    <TabBar
      className="app-tabbar"
      activeKey={stripLayoutPrefix(pathname)}
      onChange={(path) => navigate(path)}
      safeArea
    >
      {items.map((tab) => (
        <TabBar.Item key={tab.path} icon={ICONS[tab.key]} title={tab.title} />
      ))}
    </TabBar>
  )
}
