import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAGE_SCRIPTS_ID, PRERENDER_BOOT_SCRIPT } from '../../../src/page-config/prerenderBoot'

// The boot script of a rendered page: React (the early chunk) is fetched at once, the page's other scripts only
// after the first paint, so they do not hold the stylesheet and images the first paint waits for.

const preloaded = () =>
  Array.from(document.head.querySelectorAll('link[rel=modulepreload]')).map((l) => l.getAttribute('href'))
const entry = () => document.head.querySelector('script[type=module]')?.getAttribute('src') ?? null

afterEach(() => {
  vi.useRealTimers()
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
})
