import { useState } from 'react'
import { useBlockRuntime } from '../runtime'
import { MarkdownTree } from '../../components/MarkdownTree'

/**
 * Markdown text of a block, drawn from its compiled tree (the build's, or the server's for published pages and
 * the studio preview): the browser never parses markdown. While the studio compiles an edited text, the block
 * keeps showing the tree it last had (or, with none yet, the text as it is, never parsed).
 */
export function MarkdownText({ source, className }: { source: string; className?: string }) {
  const { text, markdown } = useBlockRuntime()
  const tree = markdown(source)
  const [last, setLast] = useState(tree)
  if (tree && tree !== last) setLast(tree)
  const shown = tree ?? last
  const classes = ['markdown', className].filter(Boolean).join(' ')
  return (
    <div className={classes} aria-busy={tree ? undefined : true}>
      {shown ? <MarkdownTree nodes={shown} text={text} /> : <p>{text(source)}</p>}
    </div>
  )
}
