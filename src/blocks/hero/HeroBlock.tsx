import type { HeroBlock as Props } from '../../types/generated/page'
import type { BlockProps } from '../runtime'
import { useBlockRuntime } from '../runtime'
import { useBlockAction } from '../useBlockAction'

export default function HeroBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const { onClick, clickable } = useBlockAction(block.action)
  return (
    <div
      className={`blk-hero${clickable ? ' clickable' : ''}`}
      onClick={onClick}
      role={clickable ? 'button' : undefined}
    >
      <img
        src={block.image}
        alt={block.alt}
        style={block.height ? { height: block.height, objectFit: 'cover' } : undefined}
      />
      {(block.title || block.subtitle) && (
        <div className="blk-hero-text">
          {block.title && <h1>{text(block.title)}</h1>}
          {block.subtitle && <p>{text(block.subtitle)}</p>}
        </div>
      )}
    </div>
  )
}
