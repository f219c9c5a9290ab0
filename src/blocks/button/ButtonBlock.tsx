import { Button } from 'antd-mobile'
import type { ButtonBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'

export default function ButtonBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const { onClick, busy } = useBlockAction(block.action)
  return (
    <Button
      block={block.block ?? true}
      color={block.color ?? 'primary'}
      fill={block.fill ?? 'solid'}
      size={block.size ?? 'large'}
      shape="rounded"
      loading={busy}
      disabled={busy}
      onClick={onClick}
    >
      {text(block.text)}
    </Button>
  )
}
