import { useLocation } from 'react-router-dom'
import { BagIcon, GiftIcon, HomeIcon, UserIcon } from '../../components/tabIcons'
import { AppLink } from '../../components/navigation/AppLink'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import type { ScreenRoute } from '../../types/route'
import { TAB_ITEMS } from '../routes'

const ICONS = {
  home: <HomeIcon />,
  shopping: <BagIcon />,
  points: <GiftIcon />,
  user: <UserIcon />,
}

/** The tab bar: antd-mobile's look, each tab a link (antd-mobile's TabBar draws clickable divs). */
export function AppTabBar({ routes }: { routes: readonly ScreenRoute[] }) {
  const active = stripLayoutPrefix(useLocation().pathname)
  const items = TAB_ITEMS.filter((tab) => routes.some((r) => r.path === tab.path))
  return (
    <nav className="adm-tab-bar app-tabbar" aria-label="主导航">
      <div className="adm-tab-bar-wrap">
        {items.map((tab) => (
          <AppLink
            key={tab.path}
            to={tab.path}
            className={`adm-tab-bar-item${tab.path === active ? ' adm-tab-bar-item-active' : ''}`}
            aria-current={tab.path === active ? 'page' : undefined}
          >
            <span className="adm-tab-bar-item-icon">{ICONS[tab.key]}</span>
            <span className="adm-tab-bar-item-title adm-tab-bar-item-title-with-icon">{tab.title}</span>
          </AppLink>
        ))}
      </div>
    </nav>
  )
}
