import { useLayoutEffect } from 'react'
import { DEMO_STRIP_CLASS, DEMO_STRIP_HTML } from '../../page-config/appMode'
import { useAppMode } from './api'
import './user.css'

/**
 * A thin 演示环境 strip while the server runs in demo mode (fictional data, sandbox SMS/payments).
 * It sits in the document flow above the app (first in <body>), not fixed over it: it never covers the
 * NavBar's controls or a screen's content, scrolls away under the sticky NavBar, and stays under every
 * mask and popup (no z-index of its own). Our server puts it in the HTML (src/page-config/appMode.ts); HTML
 * that does not say the mode (Vite's dev server) gets it here once /api/health has answered.
 */
export function DemoBadge() {
  const mode = useAppMode()
  useLayoutEffect(() => {
    if (mode !== 'demo' || document.querySelector(`body > .${DEMO_STRIP_CLASS}`)) return
    const host = document.createElement('div')
    host.className = DEMO_STRIP_CLASS
    host.innerHTML = DEMO_STRIP_HTML
    document.body.prepend(host)
    return () => host.remove()
  }, [mode])
  return null
}
