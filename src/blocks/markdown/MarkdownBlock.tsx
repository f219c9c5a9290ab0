import type { MarkdownBlock as Props } from '../../types/generated/page'
import { Markdown } from '../../components/Markdown'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function MarkdownBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return <Markdown className="blk-markdown" source={text(block.source)} />
}
