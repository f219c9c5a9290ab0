import { useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useHealth } from './api'
import './user.css'

/**
 * A thin 演示环境 strip while the server runs in demo mode (fictional data, sandbox SMS/payments).
 * It sits in the document flow above the app (first in <body>), not fixed over it: it never covers the
 * NavBar's controls or a screen's content, scrolls away under the sticky NavBar, and stays under every
 * mask and popup (no z-index of its own).
 */
export function DemoBadge() {
  const { data } = useHealth()
  const [host] = useState(() => {
    const element = document.createElement('div')
    element.className = 'demo-strip'
    return element
  })
  useLayoutEffect(() => {
    document.body.prepend(host)
    return () => host.remove()
  }, [host])
  if (data?.mode !== 'demo') return null
  return createPortal(
    <div className="demo-badge" role="note" aria-label="演示环境：数据均为虚构" data-testid="demo-badge">
      <strong>演示环境</strong>
      <span className="demo-badge-note">数据均为虚构，不产生真实交易</span>
    </div>,
    host,
  )
}
