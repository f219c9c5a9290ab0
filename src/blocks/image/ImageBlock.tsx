import type { ImageBlock as Props } from '../../types/generated/page'
import type { BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'

export default function ImageBlock({ block }: BlockProps<Props>) {
  const { onClick, clickable } = useBlockAction(block.action)
  return (
    <img
      className={`blk-image${clickable ? ' clickable' : ''}`}
      src={block.src}
      alt={block.alt}
      loading="lazy"
      style={{ borderRadius: block.radius }}
      onClick={onClick}
      role={clickable ? 'button' : undefined}
    />
  )
}
