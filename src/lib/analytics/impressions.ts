import { TRACK_ID_ATTRIBUTE } from '../../page-config/trackId'

// Block impressions of a config page: a top-level block (its <section data-track-id>) seen with at least half of
// it in view for a whole second, counted once per page view. One IntersectionObserver for the page; blocks that
// appear later (a phase, a login, data) are picked up as they are added. A block taller than two screens can
// never be half in view: it counts once it fills half the screen. A hidden tab's second does not count.

export const IMPRESSION_MS = 1000
export const IMPRESSION_RATIO = 0.5
/** 0.5 says "half of it"; the lower steps let a tall block report how much of the screen it fills. */
const THRESHOLDS = [0, 0.05, 0.1, 0.2, 0.3, 0.4, IMPRESSION_RATIO]

function inView(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false
  if (entry.intersectionRatio >= IMPRESSION_RATIO) return true
  const screen = entry.rootBounds?.height || window.innerHeight
  return screen > 0 && entry.intersectionRect.height >= screen * IMPRESSION_RATIO
}

/** Calls `seen(blockId)` once per block of `root` as it makes an impression; returns what stops watching. */
export function observeImpressions(root: HTMLElement, seen: (blockId: string) => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {}
  const counted = new Set<string>()
  const watched = new Set<Element>()
  /** In view now (a timer runs for each while the tab shows). */
  const showing = new Set<Element>()
  const timers = new Map<Element, ReturnType<typeof setTimeout>>()

  const stopTimer = (element: Element) => {
    clearTimeout(timers.get(element))
    timers.delete(element)
  }
  const startTimer = (element: Element) => {
    if (timers.has(element) || document.visibilityState === 'hidden') return
    timers.set(
      element,
      setTimeout(() => {
        timers.delete(element)
        showing.delete(element)
        observer.unobserve(element)
        const id = element.getAttribute(TRACK_ID_ATTRIBUTE)
        if (!id || counted.has(id)) return
        counted.add(id)
        seen(id)
      }, IMPRESSION_MS),
    )
  }

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (inView(entry)) {
          showing.add(entry.target)
          startTimer(entry.target)
        } else {
          showing.delete(entry.target)
          stopTimer(entry.target)
        }
      }
    },
    { threshold: THRESHOLDS },
  )

  function scan() {
    for (const element of [...watched])
      if (!root.contains(element)) {
        observer.unobserve(element)
        watched.delete(element)
        showing.delete(element)
        stopTimer(element)
      }
    for (const element of root.querySelectorAll(`[${TRACK_ID_ATTRIBUTE}]`)) {
      const id = element.getAttribute(TRACK_ID_ATTRIBUTE)
      if (watched.has(element) || !id || counted.has(id)) continue
      watched.add(element)
      observer.observe(element)
    }
  }
  scan()
  const mutations = typeof MutationObserver === 'function' ? new MutationObserver(scan) : null
  mutations?.observe(root, { childList: true })

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') for (const element of [...timers.keys()]) stopTimer(element)
    else for (const element of showing) startTimer(element)
  }
  document.addEventListener('visibilitychange', onVisibility)

  return () => {
    observer.disconnect()
    mutations?.disconnect()
    document.removeEventListener('visibilitychange', onVisibility)
    for (const element of [...timers.keys()]) stopTimer(element)
  }
}
