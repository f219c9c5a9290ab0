// antd-mobile's imperative overlays (Toast.show, Dialog.alert, ActionSheet.show, …) render nothing on React 19
// until antd-mobile is given a createRoot-based render. They are imported from here only (ESLint enforces it),
// so the render is installed before any of them can show, and screens without overlays do not load this code
// (antd-mobile's render fallback brings ~4 KiB gzip of regenerator runtime).
// eslint-disable-next-line no-restricted-imports -- the one module that imports them
import { ActionSheet, Dialog, Modal, Toast, unstableSetRender } from 'antd-mobile'
import { createRoot, type Root } from 'react-dom/client'

type Container = (Element | DocumentFragment) & { _reactRoot?: Root }

let installed = false
const roots = new Set<Root>()

/** Gives antd-mobile a createRoot-based render for its imperative overlays. Idempotent. */
export function installAntdMobileRender(): void {
  if (installed) return
  installed = true
  unstableSetRender((node, container: Container) => {
    container._reactRoot ??= createRoot(container)
    const root = container._reactRoot
    roots.add(root)
    root.render(node)
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      if (roots.delete(root)) root.unmount()
      delete container._reactRoot
    }
  })
}

/**
 * Unmounts every overlay still showing (a toast's 3 s, a dialog's closing animation). Tests call it after each
 * test: an overlay left to close on its own would render after jsdom is gone.
 */
export function unmountOverlays(): void {
  for (const root of roots) root.unmount()
  roots.clear()
}

installAntdMobileRender()

export { ActionSheet, Dialog, Modal, Toast }
