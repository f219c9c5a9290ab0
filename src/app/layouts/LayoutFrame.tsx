import type { ReactNode } from 'react'
import { BackIcon } from '../../components/icons'

interface LayoutFrameProps {
  /** The in-app layout (/app/...): no NavBar, the host app draws its own title bar. */
  inApp?: boolean
  /** Inside the company's app (useHostTitleBar): its title bar replaces the NavBar; the TabBar stays. */
  hostTitleBar?: boolean
  title: string
  /** A top-level tab screen: no back arrow, room for the TabBar. */
  tab?: boolean
  /** The NavBar's back arrow (not drawn in the in-app layout). */
  onBack?: () => void
  /** Drawn above the screen (the pending-navigation placeholder). */
  pending?: ReactNode
  tabBar?: ReactNode
  children: ReactNode
}

/**
 * What both root layouts draw. The NavBar is antd-mobile's markup and look with a real 返回 button (antd-mobile's
 * own puts an unnamed role="button" around the back arrow, even where there is none). Router-free, so the light shell of a config page draws the same frame. */
export function LayoutFrame({
  inApp,
  hostTitleBar,
  title,
  tab,
  onBack,
  pending,
  tabBar,
  children,
}: LayoutFrameProps) {
  if (inApp)
    return (
      <div className="app-layout in-app">
        {pending}
        <main className="app-content">{children}</main>
      </div>
    )
  return (
    <div className={`app-layout ${tab ? 'with-tabbar' : ''}`}>
      {!hostTitleBar && (
        <div className="adm-nav-bar app-navbar">
          <div className="adm-nav-bar-left">
            {!tab && (
              <button type="button" className="adm-nav-bar-back" aria-label="返回" onClick={onBack}>
                <BackIcon />
              </button>
            )}
          </div>
          <div className="adm-nav-bar-title">{title}</div>
          <div className="adm-nav-bar-right" />
        </div>
      )}
      {pending}
      <main className="app-content">{children}</main>
      {tabBar}
    </div>
  )
}
