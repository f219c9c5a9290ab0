import type { ImageGridBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function ImageGridBlock({ block }: BlockProps<Props>) {
  const { run, text } = useBlockRuntime()
  return (
    <div className="blk-grid-wrap">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <div
        className="blk-grid"
        style={{ gridTemplateColumns: `repeat(${block.columns ?? 4}, minmax(0, 1fr))` }}
      >
        {block.items.map((item, i) => (
          <button
            type="button"
            key={i}
            className="blk-grid-item"
            onClick={item.action ? () => void run(item.action!) : undefined}
          >
            <img src={item.image} alt={item.alt} loading="lazy" />
            {item.text && <span>{text(item.text)}</span>}
          </button>
        ))}
      </div>
    </div>
  )
}
