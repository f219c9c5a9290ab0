import type { FaqBlock as Props } from '../../types/generated/page'
import { Folds } from '../../components/Folds'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { MarkdownText } from '../shared/MarkdownText'

// Questions that open in place (<details>): no animation library on the pages that show them (antd-mobile's
// Collapse brought react-spring, about 17 KiB gzip), and they open before the page's script has run.
export default function FaqBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return (
    <div className="blk-faq">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <Folds
        single={block.accordion === true}
        items={block.items.map((item, i) => ({
          key: String(i),
          title: text(item.q),
          content: <MarkdownText source={item.a} />,
        }))}
      />
    </div>
  )
}
