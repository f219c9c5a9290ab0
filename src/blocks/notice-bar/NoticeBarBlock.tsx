import { NoticeBar } from '../../components/notice-bar/NoticeBar'
import type { NoticeBarBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'

export default function NoticeBarBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const { onClick } = useBlockAction(block.action)
  return (
    <div onClick={onClick}>
      <NoticeBar
        content={text(block.text)}
        color={block.kind === 'alert' ? 'alert' : 'info'}
        closeable={block.closeable}
      />
    </div>
  )
}
