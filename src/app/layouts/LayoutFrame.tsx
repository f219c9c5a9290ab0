import { NavBar } from 'antd-mobile'
import type { ReactNode } from 'react'

interface LayoutFrameProps {
  /** The in-app layout (/app/...): no NavBar, the host app draws its own title bar. */
  inApp?: boolean
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

/** What both root layouts draw. Router-free, so the light shell of a config page draws the same frame. */
export function LayoutFrame({ inApp, title, tab, onBack, pending, tabBar, children }: LayoutFrameProps) {
  if (inApp)
    return (
      <div className="app-layout in-app">
        {pending}
        <main className="app-content">{children}</main>
      </div>
    )
  return (
    <div className={`app-layout ${tab ? 'with-tabbar' : ''}`}>
      <NavBar className="app-navbar" back={tab ? null : ''} backIcon={!tab} onBack={onBack}>
        {title}
      </NavBar>
      {pending}
      <main className="app-content">{children}</main>
      {tabBar}
    </div>
  )
}
