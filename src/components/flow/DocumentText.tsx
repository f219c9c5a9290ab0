import { MarkdownTree } from '../MarkdownTree'
import type { MarkdownNode } from '../../page-config/markdownTree'

/** A document's text in the reading sheet: loaded with the first document opened (DocumentSheet). */
export default function DocumentText({ nodes }: { nodes: readonly MarkdownNode[] }) {
  return <MarkdownTree nodes={nodes} />
}
