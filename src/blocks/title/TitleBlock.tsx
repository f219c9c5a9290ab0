import type { TitleBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function TitleBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const Heading = `h${block.level ?? 2}` as 'h1' | 'h2' | 'h3'
  return (
    <div className={`blk-title level-${block.level ?? 2}`} style={{ textAlign: block.align ?? 'left' }}>
      <Heading>{text(block.text)}</Heading>
      {block.subtitle && <p>{text(block.subtitle)}</p>}
    </div>
  )
}
