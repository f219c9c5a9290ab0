import { SnapCarousel } from '../../components/carousel/SnapCarousel'
import { BannerImage, type Banner } from './BannerImage'

const BANNERS: readonly Banner[] = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 50元健康礼包 登录自动发放', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障节 新春返乡 全家安心', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

/** How long a banner shows before the next slides in. */
const AUTOPLAY_MS = 3_500

/** The home screen's banners: a snapping row (SnapCarousel), each slide its whole 5:2 picture. */
export function HomeBanner() {
  return (
    <SnapCarousel
      className="home-banner"
      label="活动推荐"
      intervalMs={AUTOPLAY_MS}
      // The first slide's picture comes with the page; the others when the row brings them near (not preloaded,
      // they would share a slow network with what the first screen shows).
      slides={BANNERS.map((banner, index) => ({
        key: banner.image,
        content: <BannerImage banner={banner} lazy={index > 0} />,
      }))}
    />
  )
}
