import type { ReactNode } from 'react'

/** The fixed action bar at the bottom of a flow step (price on the left, action on the right). */
export function BottomBar({ children }: { children: ReactNode }) {
  return <div className="purchase-bottom-bar">{children}</div>
}
