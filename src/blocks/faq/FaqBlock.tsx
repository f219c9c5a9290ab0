import { Collapse } from 'antd-mobile'
import type { FaqBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { MarkdownText } from '../shared/MarkdownText'

export default function FaqBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const panels = block.items.map((item, i) => (
    <Collapse.Panel key={String(i)} title={text(item.q)}>
      <MarkdownText source={item.a} />
    </Collapse.Panel>
  ))
  return (
    <div className="blk-faq">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      {block.accordion ? <Collapse accordion>{panels}</Collapse> : <Collapse>{panels}</Collapse>}
    </div>
  )
}
