import { useEffect, useRef, useState } from 'react'
import { BannerImage, type Banner } from './BannerImage'

const BANNERS: readonly Banner[] = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 50元健康礼包 登录自动发放', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障节 新春返乡 全家安心', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

/** How long a banner shows before the next slides in (not while a finger is on it, nor with reduced motion). */
const AUTOPLAY_MS = 3_500

/**
 * The banners as a row the browser scrolls and snaps (CSS scroll snap), with dots for where it is and autoplay:
 * a swipe is the browser's own, no gesture or animation library loads (antd-mobile's Swiper brought ~28 KiB
 * gzip to the home screen), and the server renders every banner, so nothing is swapped in after it shows.
 */
export function HomeBanner() {
  const track = useRef<HTMLDivElement>(null)
  const holding = useRef(false)
  const [current, setCurrent] = useState(0)
  const slideAt = (el: HTMLElement) => (el.clientWidth ? Math.round(el.scrollLeft / el.clientWidth) : 0)

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const timer = setInterval(() => {
      const el = track.current
      if (!el?.clientWidth || holding.current || document.hidden) return
      const next = (slideAt(el) + 1) % BANNERS.length
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' })
    }, AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [])

  return (
    <div className="home-banner" role="region" aria-roledescription="轮播" aria-label="活动推荐">
      <div
        className="home-banner-track"
        ref={track}
        onScroll={(e) => setCurrent(slideAt(e.currentTarget))}
        onTouchStart={() => (holding.current = true)}
        onTouchEnd={() => (holding.current = false)}
        onTouchCancel={() => (holding.current = false)}
      >
        {BANNERS.map((banner, i) => (
          <div
            key={banner.image}
            className="home-banner-slide"
            aria-roledescription="幻灯片"
            aria-label={`第 ${i + 1} 张，共 ${BANNERS.length} 张`}
          >
            <BannerImage banner={banner} />
          </div>
        ))}
      </div>
      <div className="home-banner-dots" aria-hidden="true">
        {BANNERS.map((banner, i) => (
          <span key={banner.image} className={i === current ? 'active' : undefined} />
        ))}
      </div>
    </div>
  )
}
