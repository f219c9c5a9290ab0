import { Swiper } from 'antd-mobile'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'

// The banner art is drawn for a 5:2 slide (viewBox 0 0 750 300). The width/height attributes give the
// img that ratio before the SVG loads, and home.css scales it to the slide width, so nothing is cut.
const BANNER_WIDTH = 750
const BANNER_HEIGHT = 300

const BANNERS = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 首单礼遇', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障节 新春返乡 全家安心', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

export function HomeBanner() {
  const navigate = useAppNavigate()
  return (
    <div className="home-banner">
      <Swiper autoplay loop indicatorProps={{ color: 'white' }}>
        {BANNERS.map((banner) => (
          <Swiper.Item key={banner.image}>
            <img
              src={banner.image}
              alt={banner.alt}
              width={BANNER_WIDTH}
              height={BANNER_HEIGHT}
              className="home-banner-image"
              onClick={() => navigate(banner.to)}
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  )
}
