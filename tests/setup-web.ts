import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installAntdMobileRender } from '../src/components/overlays'

installAntdMobileRender()
// jsdom + user-event typing is slow on a busy 2-core machine: give async queries room before they fail.
configure({ asyncUtilTimeout: 5000 })
afterEach(() => cleanup())

// jsdom lacks these; antd-mobile components call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
}
