import type { CarouselBlock as Props } from '../../types/generated/page'
import { SnapCarousel } from '../../components/carousel/SnapCarousel'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function CarouselBlock({ block }: BlockProps<Props>) {
  const { run } = useBlockRuntime()
  return (
    <SnapCarousel
      className="blk-carousel"
      label="轮播图"
      autoplay={block.autoplay ?? true}
      intervalMs={block.intervalMs ?? 3000}
      slides={block.items.map((item, i) => ({
        key: String(i),
        content: (
          <img
            className="blk-carousel-img"
            src={item.image}
            alt={item.alt}
            style={{ height: block.height ?? 160 }}
            onClick={item.action ? () => void run(item.action!) : undefined}
          />
        ),
      }))}
    />
  )
}
