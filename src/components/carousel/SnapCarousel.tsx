import { useEffect, useRef, useState, type ReactNode } from 'react'
import './SnapCarousel.css'

/**
 * Slides as a row the browser scrolls and snaps (CSS scroll snap), with dots for where it is and autoplay: a swipe
 * is the browser's own, no gesture or animation library loads (antd-mobile's Swiper brought about 25 KiB gzip),
 * and the server renders every slide, so nothing is swapped in after the page shows. Autoplay waits while a finger
 * is on it, in a hidden tab, and with reduced motion.
 */
export function SnapCarousel({
  label,
  slides,
  intervalMs,
  autoplay = true,
  className,
}: {
  /** The region's name, e.g. 活动推荐. */
  label: string
  slides: readonly { key: string; content: ReactNode }[]
  intervalMs: number
  autoplay?: boolean
  /** The look of this carousel (size, corners), on its root. */
  className?: string
}) {
  const track = useRef<HTMLDivElement>(null)
  const holding = useRef(false)
  const [current, setCurrent] = useState(0)
  const slideAt = (el: HTMLElement) => (el.clientWidth ? Math.round(el.scrollLeft / el.clientWidth) : 0)
  const count = slides.length

  useEffect(() => {
    if (!autoplay || count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const timer = setInterval(() => {
      const el = track.current
      if (!el?.clientWidth || holding.current || document.hidden) return
      const next = (slideAt(el) + 1) % count
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' })
    }, intervalMs)
    return () => clearInterval(timer)
  }, [autoplay, count, intervalMs])

  return (
    <div
      className={className ? `snap-carousel ${className}` : 'snap-carousel'}
      role="region"
      aria-roledescription="轮播"
      aria-label={label}
    >
      <div
        className="snap-carousel-track"
        // A row that scrolls: reachable by keyboard (the arrow keys scroll it), whether or not its slides are links.
        tabIndex={0}
        ref={track}
        onScroll={(e) => setCurrent(slideAt(e.currentTarget))}
        onTouchStart={() => (holding.current = true)}
        onTouchEnd={() => (holding.current = false)}
        onTouchCancel={() => (holding.current = false)}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className="snap-carousel-slide"
            aria-roledescription="幻灯片"
            aria-label={`第 ${i + 1} 张，共 ${count} 张`}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="snap-carousel-dots" aria-hidden="true">
          {slides.map((slide, i) => (
            <span key={slide.key} className={i === current ? 'active' : undefined} />
          ))}
        </div>
      )}
    </div>
  )
}
