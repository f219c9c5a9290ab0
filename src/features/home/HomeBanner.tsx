import { useEffect, useState, type ComponentType } from 'react'
import { BannerImage, type Banner } from './BannerImage'

const BANNERS: readonly Banner[] = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 50元健康礼包 登录自动发放', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障节 新春返乡 全家安心', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

type Swiper = ComponentType<{ banners: readonly Banner[] }>

export function HomeBanner() {
  // The swiper brings antd-mobile's animation and gesture libraries (~25 KiB gzip): the first banner shows with
  // the screen, and the swiper takes its place once loaded (if it cannot load, the first banner stays).
  const [Swiper, setSwiper] = useState<Swiper | null>(null)
  useEffect(() => {
    let mounted = true
    import('./BannerSwiper').then(
      (m) => mounted && setSwiper(() => m.default),
      () => undefined,
    )
    return () => {
      mounted = false
    }
  }, [])
  return (
    <div className="home-banner">
      {Swiper ? <Swiper banners={BANNERS} /> : <BannerImage banner={BANNERS[0]} />}
    </div>
  )
}
