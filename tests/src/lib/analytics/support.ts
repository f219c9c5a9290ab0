import { vi } from 'vitest'
import type { AnalyticsBatch, AnalyticsEvent } from '../../../../src/types/generated/api/analytics'
import { ANALYTICS_OFF_COOKIE } from '../../../../src/lib/analytics/consent'

// What the analytics tests share: counting turned on (tests/setup-web.ts turns it off for every other test), clean
// storage, and a stand-in for the ingest that records each batch.

export function countingOn(): void {
  document.cookie = `${ANALYTICS_OFF_COOKIE}=; path=/; max-age=0`
  sessionStorage.clear()
  localStorage.clear()
}

/** Sets a navigator property for this test (jsdom has no sendBeacon, doNotTrack or globalPrivacyControl). */
export function setNavigator(name: string, value: unknown): () => void {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true })
  return () => {
    delete (navigator as unknown as Record<string, unknown>)[name]
  }
}

/** The page hides (another app, a tab switch) or comes back. */
export function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

export function ingest() {
  const batches: AnalyticsBatch[] = []
  const send = vi.fn(async (batch: AnalyticsBatch) => {
    batches.push(batch)
    return true
  })
  const events = (): AnalyticsEvent[] => batches.flatMap((b) => b.events)
  return { batches, send, events }
}

/** Back to the document's own visibility (after a test that set it). */
export function resetVisibility(): void {
  delete (document as unknown as Record<string, unknown>).visibilityState
}

interface Observed {
  callback: IntersectionObserverCallback
  options?: IntersectionObserverInit
  targets: Set<Element>
}

/**
 * A stand-in IntersectionObserver for this test (jsdom has no layout; vitest unstubs globals after it): the
 * observers made, and `scroll` to put a block `ratio` in view (of itself), `height` px of it on a screen of
 * `screen` px.
 */
export function installIntersectionObserver() {
  const observers: Observed[] = []
  class FakeIntersectionObserver {
    private readonly own: Observed
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.own = { callback, options, targets: new Set() }
      observers.push(this.own)
    }
    observe(target: Element) {
      this.own.targets.add(target)
    }
    unobserve(target: Element) {
      this.own.targets.delete(target)
    }
    disconnect() {
      this.own.targets.clear()
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  const scroll = (target: Element, ratio: number, height = 300 * ratio, screen = 800) => {
    const entry = {
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height },
      rootBounds: { height: screen },
    } as unknown as IntersectionObserverEntry
    for (const o of observers) if (o.targets.has(target)) o.callback([entry], {} as IntersectionObserver)
  }
  return { observers, scroll }
}
