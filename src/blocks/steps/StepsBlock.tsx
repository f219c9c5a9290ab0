import { Steps } from 'antd-mobile'
import type { StepsBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function StepsBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return (
    <div className="blk-steps">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <Steps current={block.current ?? block.items.length - 1} direction={block.direction ?? 'horizontal'}>
        {block.items.map((step, i) => (
          <Steps.Step
            key={i}
            title={text(step.title)}
            description={step.description ? text(step.description) : undefined}
          />
        ))}
      </Steps>
    </div>
  )
}
