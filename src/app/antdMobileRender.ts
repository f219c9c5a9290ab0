import { unstableSetRender } from 'antd-mobile'
import { createRoot, type Root } from 'react-dom/client'

type Container = (Element | DocumentFragment) & { _reactRoot?: Root }

/** antd-mobile's Toast/Dialog/Modal render nothing on React 19 until given a createRoot-based render. */
export function installAntdMobileRender(): void {
  unstableSetRender((node, container: Container) => {
    container._reactRoot ??= createRoot(container)
    const root = container._reactRoot
    root.render(node)
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      root.unmount()
      delete container._reactRoot
    }
  })
}
