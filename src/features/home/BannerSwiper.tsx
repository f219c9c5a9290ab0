import { Swiper } from 'antd-mobile'
import { BannerImage, type Banner } from './BannerImage'

/** The banners as antd-mobile's autoplaying, looping swiper. */
export default function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  return (
    <Swiper autoplay loop indicatorProps={{ color: 'white' }}>
      {banners.map((banner) => (
        <Swiper.Item key={banner.image}>
          <BannerImage banner={banner} />
        </Swiper.Item>
      ))}
    </Swiper>
  )
}
