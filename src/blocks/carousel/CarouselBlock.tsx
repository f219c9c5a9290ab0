import { Swiper } from 'antd-mobile'
import type { CarouselBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function CarouselBlock({ block }: BlockProps<Props>) {
  const { run } = useBlockRuntime()
  return (
    <Swiper
      autoplay={block.autoplay ?? true}
      autoplayInterval={block.intervalMs ?? 3000}
      loop
      style={{ '--height': `${block.height ?? 160}px` }}
    >
      {block.items.map((item, i) => (
        <Swiper.Item key={i}>
          <img
            className="blk-carousel-img"
            src={item.image}
            alt={item.alt}
            onClick={item.action ? () => void run(item.action!) : undefined}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  )
}
