import { Steps } from '../../components/Steps'
import type { StepsBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function StepsBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return (
    <div className="blk-steps">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <Steps
        current={block.current ?? block.items.length - 1}
        direction={block.direction ?? 'horizontal'}
        items={block.items.map((step) => ({
          title: text(step.title),
          description: step.description ? text(step.description) : undefined,
        }))}
      />
    </div>
  )
}
