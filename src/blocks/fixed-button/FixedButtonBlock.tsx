import { Button } from 'antd-mobile'
import type { FixedButtonBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'

export default function FixedButtonBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const primary = useBlockAction(block.action)
  const secondary = useBlockAction(block.secondary?.action)
  return (
    <div className="blk-fixed-button">
      {block.secondary && (
        <Button
          className="blk-fixed-secondary"
          fill="outline"
          color="primary"
          onClick={secondary.onClick}
          loading={secondary.busy}
          disabled={secondary.busy}
        >
          {text(block.secondary.text)}
        </Button>
      )}
      <Button block color="primary" onClick={primary.onClick} loading={primary.busy} disabled={primary.busy}>
        {text(block.text)}
      </Button>
    </div>
  )
}
