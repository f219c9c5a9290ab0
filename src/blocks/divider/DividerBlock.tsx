import { Divider } from 'antd-mobile'
import type { DividerBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function DividerBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return (
    <Divider style={block.dashed ? { borderStyle: 'dashed' } : undefined}>
      {block.text ? text(block.text) : null}
    </Divider>
  )
}
