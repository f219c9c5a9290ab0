import { act } from '@testing-library/react'
import { vi } from 'vitest'

// jsdom has no layout, so no IntersectionObserver: with this one, an element comes into view when the test
// scrolls to it (what a reader does to reach a document's end).

const watched = new Map<Element, IntersectionObserverCallback>()

class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    watched.set(target, this.callback)
  }
  unobserve(target: Element) {
    watched.delete(target)
  }
  disconnect() {
    for (const [target, callback] of watched) if (callback === this.callback) watched.delete(target)
  }
  takeRecords() {
    return []
  }
}

/** Installs the observer for this test (vitest unstubs globals after it). */
export function installIntersectionObserver(): void {
  watched.clear()
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
}

/** `target` comes into view. */
export function scrollIntoView(target: Element): void {
  const entry = { target, isIntersecting: true } as unknown as IntersectionObserverEntry
  act(() => watched.get(target)?.([entry], {} as IntersectionObserver))
}
