import type { MarkdownBlock as Props } from '../../types/generated/page'
import type { BlockProps } from '../runtime'
import { MarkdownText } from '../shared/MarkdownText'

export default function MarkdownBlock({ block }: BlockProps<Props>) {
  return <MarkdownText className="blk-markdown" source={block.source} />
}
