import { afterEach, describe, expect, it, vi } from 'vitest'
import { detectEnvironment } from '../../../src/domain/environment'
import {
  IN_APP_ATTRIBUTE,
  IN_APP_TAB_KEY,
  PAGE_SCRIPTS_ID,
  PRERENDER_BOOT_SCRIPT,
} from '../../../src/page-config/prerenderBoot'

// The boot script of a rendered page: React (the early chunk) is fetched at once, the page's other scripts only
// after the first paint, so they do not hold the stylesheet and images the first paint waits for.

const preloaded = () =>
  Array.from(document.head.querySelectorAll('link[rel=modulepreload]')).map((l) => l.getAttribute('href'))
const entry = () => document.head.querySelector('script[type=module]')?.getAttribute('src') ?? null

/** A rendered page's #root and its scripts' list. */
const renderedPage = () => {
  document.body.innerHTML =
    `<div id="root" data-path="${location.pathname}"></div>` +
    `<script type="application/json" id="${PAGE_SCRIPTS_ID}">` +
    JSON.stringify({ entry: '/assets/main-1.js', early: [], preload: [] }) +
    '</script>'
}

afterEach(() => {
  vi.useRealTimers()
  document.documentElement.removeAttribute(IN_APP_ATTRIBUTE)
  sessionStorage.clear()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('prerender boot script', () => {
  it('fetches the early chunk at once and the rest, with the entry, after the first paint', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    document.body.innerHTML =
      `<div id="root" data-path="${location.pathname}"></div>` +
      `<script type="application/json" id="${PAGE_SCRIPTS_ID}">` +
      JSON.stringify({
        entry: '/assets/main-1.js',
        early: ['/assets/vendor-1.js'],
        preload: ['/assets/shell-1.js'],
      }) +
      '</script>'
    new Function(PRERENDER_BOOT_SCRIPT)()
    expect(preloaded()).toEqual(['/assets/vendor-1.js'])
    expect(entry()).toBeNull()
    vi.runAllTimers()
    expect(preloaded()).toEqual(['/assets/vendor-1.js', '/assets/shell-1.js'])
    expect(entry()).toBe('/assets/main-1.js')
  })

  it('marks <html> inside the company app before the first paint, as src/domain/environment.ts decides', () => {
    const cases: [string, string, boolean][] = [
      ['Mozilla/5.0 (iPhone) GuohengApp/5.0', '', true],
      ['Mozilla/5.0 (Linux; Android 14) GuohengMall/3.2', '', true],
      ['Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0', '', false],
      ['Mozilla/5.0 (Linux; Android 14)', '?x=1&inApp=1', true],
      ['Mozilla/5.0 (Linux; Android 14)', '?from=app', true],
      ['Mozilla/5.0 (Linux; Android 14)', '?inApp=0', false],
      ['Mozilla/5.0 (Linux; Android 14)', '?from=apple', false],
    ]
    for (const [userAgent, search, inApp] of cases) {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
      history.replaceState(null, '', `${location.pathname}${search}`)
      renderedPage()
      document.documentElement.removeAttribute(IN_APP_ATTRIBUTE)
      new Function(PRERENDER_BOOT_SCRIPT)()
      expect(document.documentElement.hasAttribute(IN_APP_ATTRIBUTE), `${userAgent} ${search}`).toBe(inApp)
      expect(detectEnvironment(userAgent, search).isInApp).toBe(inApp)
    }
    history.replaceState(null, '', location.pathname)
    // A tab opened in the app by its query flag stays in the app on its later pages.
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14)')
    sessionStorage.setItem(IN_APP_TAB_KEY, '1')
    renderedPage()
    document.documentElement.removeAttribute(IN_APP_ATTRIBUTE)
    new Function(PRERENDER_BOOT_SCRIPT)()
    expect(document.documentElement.hasAttribute(IN_APP_ATTRIBUTE)).toBe(true)
  })
})
