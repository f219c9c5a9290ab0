import { Swiper } from 'antd-mobile'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'

const BANNERS = [
  { image: '/images/banners/newgift.svg', alt: '新人专享 首单礼遇', to: '/newgift' },
  { image: '/images/banners/spring.svg', alt: '春节保障 安心回家', to: '/springFestival' },
  { image: '/images/banners/benefit.svg', alt: '会员福利 每日签到领积分', to: '/benefit' },
]

export function HomeBanner() {
  const navigate = useAppNavigate()
  return (
    <Swiper autoplay loop className="home-banner" indicatorProps={{ color: 'white' }}>
      {BANNERS.map((banner) => (
        <Swiper.Item key={banner.image}>
          <img
            src={banner.image}
            alt={banner.alt}
            className="home-banner-image"
            onClick={() => navigate(banner.to)}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  )
}
