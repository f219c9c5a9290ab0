import type { ReactNode } from 'react'

/**
 * A tab's title as a button: antd-mobile's tabs are divs a keyboard cannot reach (and a row of them that scrolls
 * has nothing to focus). The tap still reaches the tab, which switches.
 */
export function TabTitle({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="tab-title">
      {children}
    </button>
  )
}
