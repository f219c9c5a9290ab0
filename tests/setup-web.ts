import '@testing-library/jest-dom/vitest'
// Testing Library's act, not React's: it marks the scope as a test environment (IS_REACT_ACT_ENVIRONMENT), which
// Testing Library sets globally only where vitest's globals are on (they are off here).
import { act, cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { installAntdMobileRender, unmountOverlays } from '../src/components/overlays'

installAntdMobileRender()
// Analytics (src/lib/analytics) counts nothing in a test, as for a visitor who turned 统计分析 off: its batches
// would be requests the fetch stubs of other tests record. Its own tests turn it on (tests/src/lib/analytics).
beforeEach(() => {
  document.cookie = 'analytics_off=1; path=/'
})
// jsdom + user-event typing is slow on a busy 2-core machine: give async queries room before they fail.
configure({ asyncUtilTimeout: 5000 })
afterEach(async () => {
  cleanup()
  // A toast is shown once its lazily imported module arrives: let it arrive, then take down every overlay, so
  // nothing renders after the test file's jsdom is gone.
  await act(async () => {
    await vi.dynamicImportSettled()
  })
  act(() => unmountOverlays())
})

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
// Pointer capture: antd-mobile's gesture handling (Tabs, pickers, Popup, its mask) calls it on pointerdown.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {}
  Element.prototype.releasePointerCapture = () => {}
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
}
// jsdom has no layout: its scrollTo only reports "Not implemented". React Router's ScrollRestoration calls it on
// every navigation of the app's layouts.
window.scrollTo = () => {}
