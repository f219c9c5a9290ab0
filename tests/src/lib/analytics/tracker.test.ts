import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTracker } from '../../../../src/lib/analytics/tracker'
import { TOUCH_KEY } from '../../../../src/lib/analytics/touch'
import type { TrackedPage } from '../../../../src/lib/analytics/notes'
import { countingOn, ingest, resetVisibility, setNavigator, setVisibility } from './support'

// The tracker proper, against a stand-in for the ingest: the events it makes of what a page noted (the visit, its
// source, attribution), when it sends them, and that it sends nothing for a visitor who opted out.

const START = Date.parse('2026-12-01T10:00:00+08:00')
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const landing = (search = '', referrer = '') => ({ search, referrer, origin: 'http://localhost' })
const page: TrackedPage = { pageId: 'spring-sale', pageVersion: 3, experimentId: 'exp-1', variant: 'B' }

let restore: (() => void)[] = []
beforeEach(() => {
  countingOn()
  vi.useFakeTimers()
  vi.setSystemTime(START)
})
afterEach(() => {
  vi.useRealTimers()
  resetVisibility()
  restore.forEach((r) => r())
  restore = []
})

describe('the events of a config page', () => {
  it('a page view: the page, its version, phase, test and variant, the visit and its source; ids random', async () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, waitMs: 5000, landing: landing('?inviter=AB12CD') })
    tracker.note({ kind: 'page_view', at: Date.now(), page, phase: 'live' })
    tracker.note({ kind: 'page_view', at: Date.now(), page, phase: 'live' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(api.batches).toHaveLength(1)
    const [view, again] = api.events()
    expect(view).toEqual({
      eventId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      kind: 'page_view',
      at: '2026-12-01T02:00:00.000Z',
      session: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      source: 'inviter',
      pageId: 'spring-sale',
      pageVersion: 3,
      phase: 'live',
      experimentId: 'exp-1',
      variant: 'B',
    })
    expect(again.eventId).not.toBe(view.eventId)
    expect(again.session).toBe(view.session)
  })

  it('sends what waits at once when the page hides or goes away', async () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, waitMs: 5000, landing: landing() })
    tracker.note({ kind: 'page_view', at: Date.now(), page })
    setVisibility('hidden')
    expect(api.send).toHaveBeenCalledTimes(1)
    expect(api.batches[0].events.map((e) => e.kind)).toEqual(['page_view'])

    setVisibility('visible')
    tracker.note({ kind: 'block_impression', at: Date.now(), page, blockId: 'banner-0' })
    window.dispatchEvent(new Event('pagehide'))
    expect(api.send).toHaveBeenCalledTimes(2)
    expect(api.batches[1].events[0]).toMatchObject({ kind: 'block_impression', blockId: 'banner-0' })
  })

  it('sends what is noted while the page is hidden at once, in one batch', async () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, waitMs: 5000, landing: landing() })
    setVisibility('hidden')
    tracker.note({ kind: 'page_view', at: Date.now(), page })
    tracker.note({ kind: 'block_click', at: Date.now(), page, blockId: 'hero' })
    await Promise.resolve()
    expect(api.batches.map((b) => b.events.map((e) => e.kind))).toEqual([['page_view', 'block_click']])
  })

  it('sends nothing for a visitor who turned it off, or whose browser says Do Not Track or GPC', async () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, waitMs: 5000, landing: landing() })
    const noteAll = () => {
      tracker.note({ kind: 'page_view', at: Date.now(), page })
      tracker.note({ kind: 'block_click', at: Date.now(), page, blockId: 'hero' })
      tracker.note({ kind: 'funnel', at: Date.now(), step: 'product', productId: 'p-medical' })
    }
    document.cookie = 'analytics_off=1; path=/'
    noteAll()
    document.cookie = 'analytics_off=; path=/; max-age=0'
    restore.push(setNavigator('doNotTrack', '1'))
    noteAll()
    restore.pop()?.()
    restore.push(setNavigator('globalPrivacyControl', true))
    noteAll()
    expect(tracker.size()).toBe(0)
    expect(localStorage.getItem(TOUCH_KEY)).toBeNull()
    setVisibility('hidden')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.send).not.toHaveBeenCalled()
  })
})

describe('attribution', () => {
  it('a block click is kept as the touch; a funnel step within 7 days carries it, one after does not', async () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, waitMs: 5000, landing: landing() })
    tracker.note({ kind: 'block_click', at: Date.now(), page, blockId: 'product-list-2' })
    const touch = {
      pageId: 'spring-sale',
      blockId: 'product-list-2',
      experimentId: 'exp-1',
      variant: 'B',
      at: '2026-12-01T02:00:00.000Z',
    }
    expect(JSON.parse(localStorage.getItem(TOUCH_KEY) ?? 'null')).toEqual(touch)

    tracker.note({ kind: 'funnel', at: START + 6 * DAY, step: 'product', productId: 'p-medical' })
    tracker.note({ kind: 'funnel', at: START + 7 * DAY, step: 'notice', productId: 'p-medical' })
    tracker.note({ kind: 'funnel', at: START + 7 * DAY + MINUTE, step: 'info', productId: 'p-medical' })
    tracker.flush()
    const [click, product, notice, info] = api.events()
    expect(click).toMatchObject({ kind: 'block_click', pageId: 'spring-sale', blockId: 'product-list-2' })
    expect(product).toMatchObject({ kind: 'funnel', step: 'product', productId: 'p-medical', touch })
    expect(notice).toMatchObject({ step: 'notice', touch })
    expect(info.step).toBe('info')
    expect(info).not.toHaveProperty('touch')
    expect(info).not.toHaveProperty('pageId')
    // Too old: forgotten.
    expect(localStorage.getItem(TOUCH_KEY)).toBeNull()
  })

  it('a later click replaces the touch; a page not in a test leaves the test out', () => {
    const tracker = createTracker({ send: ingest().send, landing: landing() })
    tracker.note({ kind: 'block_click', at: Date.now(), page, blockId: 'hero' })
    tracker.note({
      kind: 'block_click',
      at: Date.now() + 1000,
      page: { pageId: 'other' },
      blockId: 'coupon-1',
    })
    expect(JSON.parse(localStorage.getItem(TOUCH_KEY) ?? 'null')).toEqual({
      pageId: 'other',
      blockId: 'coupon-1',
      at: '2026-12-01T02:00:01.000Z',
    })
  })
})

describe('the visit', () => {
  it('is the same within 30 minutes between events and a new one after 30 minutes idle', () => {
    const api = ingest()
    const tracker = createTracker({ send: api.send, landing: landing() })
    tracker.note({ kind: 'page_view', at: START, page })
    tracker.note({ kind: 'page_view', at: START + 29 * MINUTE, page })
    tracker.note({ kind: 'page_view', at: START + 58 * MINUTE, page })
    tracker.note({ kind: 'page_view', at: START + 89 * MINUTE, page })
    tracker.flush()
    const sessions = api.events().map((e) => e.session)
    expect(sessions[1]).toBe(sessions[0])
    expect(sessions[2]).toBe(sessions[0])
    expect(sessions[3]).not.toBe(sessions[0])
  })

  it('keeps its source for the tab; a marked landing changes it, an unmarked one does not', () => {
    const api = ingest()
    const first = createTracker({ send: api.send, landing: landing('?utm_medium=sms&id=1') })
    first.note({ kind: 'page_view', at: START, page })
    // Later pages of the same tab (new loads): unmarked keeps sms, a push link makes it push.
    const unmarked = createTracker({ send: api.send, landing: landing('', 'https://www.baidu.com/s?wd=x') })
    unmarked.note({ kind: 'page_view', at: START + MINUTE, page })
    const pushed = createTracker({ send: api.send, landing: landing('?utm_medium=push') })
    pushed.note({ kind: 'funnel', at: START + 2 * MINUTE, step: 'product', productId: 'p1' })
    // 30 minutes idle: a new visit, its source from this load's landing.
    unmarked.note({ kind: 'page_view', at: START + 40 * MINUTE, page })
    for (const t of [first, unmarked, pushed]) t.flush()
    const inOrder = api.events().sort((a, b) => a.at.localeCompare(b.at))
    expect(inOrder.map((e) => e.source)).toEqual(['sms', 'sms', 'push', 'search'])
  })

  it('lives in memory where sessionStorage is off, and the tracker never throws', () => {
    const api = ingest()
    restore.push(
      (() => {
        const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
          throw new DOMException('QuotaExceededError')
        })
        const read = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
          throw new DOMException('SecurityError')
        })
        return () => {
          spy.mockRestore()
          read.mockRestore()
        }
      })(),
    )
    const tracker = createTracker({ send: api.send, landing: landing() })
    expect(() => {
      tracker.note({ kind: 'page_view', at: START, page })
      tracker.note({ kind: 'block_click', at: START + 1, page, blockId: 'hero' })
      tracker.note({ kind: 'funnel', at: START + 2, step: 'pay', productId: 'p1' })
    }).not.toThrow()
    tracker.flush()
    const events = api.events()
    expect(events).toHaveLength(3)
    expect(new Set(events.map((e) => e.session)).size).toBe(1)
  })
})
