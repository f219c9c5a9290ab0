import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMPRESSION_MS, observeImpressions } from '../../../../src/lib/analytics/impressions'
import { installIntersectionObserver, resetVisibility, setVisibility } from './support'

// Block impressions against a stand-in IntersectionObserver (jsdom has no layout): a block counts once it has
// been at least half in view for a whole second, once per page view.

function page(...ids: string[]) {
  const root = document.createElement('div')
  for (const id of ids) {
    const section = document.createElement('section')
    section.setAttribute('data-track-id', id)
    section.innerHTML = '<p>内容</p>'
    root.append(section)
  }
  document.body.append(root)
  const block = (id: string) => root.querySelector(`[data-track-id="${id}"]`) as Element
  return { root, block }
}

let io: ReturnType<typeof installIntersectionObserver>
const scroll = (target: Element, ratio: number, height?: number, screen?: number) =>
  io.scroll(target, ratio, height, screen)
beforeEach(() => {
  io = installIntersectionObserver()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  resetVisibility()
  document.body.innerHTML = ''
})

describe('block impressions', () => {
  it('one observer for the page, at half a block in view', () => {
    const { root } = page('banner-0', 'hero', 'product-list-2')
    const stop = observeImpressions(root, () => {})
    expect(io.observers).toHaveLength(1)
    expect(io.observers[0].options?.threshold).toContain(0.5)
    expect(io.observers[0].targets.size).toBe(3)
    stop()
  })

  it('counts a block half in view for a whole second, not one that left sooner, and each block once', () => {
    const { root, block } = page('banner-0', 'hero')
    const seen = vi.fn()
    const stop = observeImpressions(root, seen)
    scroll(block('banner-0'), 0.5)
    vi.advanceTimersByTime(IMPRESSION_MS - 1)
    expect(seen).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(seen).toHaveBeenCalledWith('banner-0')

    // In view 0.8 s, then less than half: nothing; then a full second: counted.
    scroll(block('hero'), 0.9)
    vi.advanceTimersByTime(800)
    scroll(block('hero'), 0.4)
    vi.advanceTimersByTime(5000)
    expect(seen).toHaveBeenCalledTimes(1)
    scroll(block('hero'), 0.7)
    vi.advanceTimersByTime(IMPRESSION_MS)
    expect(seen.mock.calls).toEqual([['banner-0'], ['hero']])

    // Seen again: still once each for this page view.
    scroll(block('banner-0'), 1)
    scroll(block('hero'), 1)
    vi.advanceTimersByTime(5000)
    expect(seen).toHaveBeenCalledTimes(2)
    stop()
  })

  it('a block taller than two screens counts once it fills half the screen', () => {
    const { root, block } = page('long-list')
    const seen = vi.fn()
    const stop = observeImpressions(root, seen)
    scroll(block('long-list'), 0.1, 300, 800)
    vi.advanceTimersByTime(2000)
    expect(seen).not.toHaveBeenCalled()
    scroll(block('long-list'), 0.2, 600, 800)
    vi.advanceTimersByTime(IMPRESSION_MS)
    expect(seen).toHaveBeenCalledWith('long-list')
    stop()
  })

  it('a hidden tab does not count: the second starts again when it shows', () => {
    const { root, block } = page('hero')
    const seen = vi.fn()
    const stop = observeImpressions(root, seen)
    scroll(block('hero'), 1)
    vi.advanceTimersByTime(600)
    setVisibility('hidden')
    vi.advanceTimersByTime(5000)
    expect(seen).not.toHaveBeenCalled()
    setVisibility('visible')
    vi.advanceTimersByTime(IMPRESSION_MS - 1)
    expect(seen).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(seen).toHaveBeenCalledWith('hero')
    stop()
  })

  it('watches blocks that appear later, and stops with the page', async () => {
    const { root, block } = page('hero')
    const seen = vi.fn()
    const stop = observeImpressions(root, seen)
    const later = document.createElement('section')
    later.setAttribute('data-track-id', 'coupon-3')
    root.append(later)
    await Promise.resolve()
    expect(io.observers[0].targets.has(later)).toBe(true)
    scroll(block('coupon-3'), 1)
    vi.advanceTimersByTime(300)
    stop()
    vi.advanceTimersByTime(5000)
    expect(seen).not.toHaveBeenCalled()
    expect(io.observers[0].targets.size).toBe(0)
  })
})
