import { lazy, Suspense, useEffect, useState } from 'react'
import { BannerImage, type Banner } from './BannerImage'

const BANNERS: readonly Banner[] = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 首单礼遇', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障节 新春返乡 全家安心', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

// The swiper brings antd-mobile's animation and gesture libraries (~25 KiB gzip): the first banner shows with
// the screen, and the swiper that then takes its place loads once the screen is up.
const BannerSwiper = lazy(() => import('./BannerSwiper'))

export function HomeBanner() {
  const [swipe, setSwipe] = useState(false)
  useEffect(() => setSwipe(true), [])
  const first = <BannerImage banner={BANNERS[0]} />
  return (
    <div className="home-banner">
      {swipe ? (
        <Suspense fallback={first}>
          <BannerSwiper banners={BANNERS} />
        </Suspense>
      ) : (
        first
      )}
    </div>
  )
}
