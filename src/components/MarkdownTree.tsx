import { createElement, type ReactNode } from 'react'
import { isAllowedImage } from '../page-config/allowedUrls'
import { MARKDOWN_TAGS, type MarkdownNode } from '../page-config/markdownTree'

const allowed = new Set<string>(MARKDOWN_TAGS)

function renderNode(node: MarkdownNode, key: number, text: (t: string) => string): ReactNode {
  if (typeof node === 'string') return text(node)
  // The tree comes from the build; still, draw only the tags the compiler may emit.
  const children = node.children?.map((child, i) => renderNode(child, i, text))
  if (!allowed.has(node.tag)) return children
  const { href, title, src, alt, start, align, checked, id } = node.props ?? {}
  switch (node.tag) {
    case 'a':
      if (!href) return <span key={key}>{children}</span>
      return /^https?:/i.test(href) ? (
        <a key={key} href={href} title={title} id={id} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a key={key} href={href} title={title} id={id}>
          {children}
        </a>
      )
    case 'img':
      // A tree compiled before images were checked may still hold one from elsewhere.
      return src && isAllowedImage(src) ? (
        <img key={key} src={src} alt={alt ?? ''} title={title} loading="lazy" />
      ) : null
    case 'input':
      return <input key={key} type="checkbox" checked={checked ?? false} disabled />
    case 'hr':
    case 'br':
      return createElement(node.tag, { key })
    case 'th':
    case 'td':
      return createElement(node.tag, { key, style: align ? { textAlign: align } : undefined }, children)
    default:
      return createElement(node.tag, { key, id, start }, children)
  }
}

const asIs = (t: string) => t

/** Draws a compiled markdown tree (build or server); `text` resolves {{bindings}} in a config's text. */
export function MarkdownTree({
  nodes,
  text = asIs,
}: {
  nodes: readonly MarkdownNode[]
  text?: (t: string) => string
}) {
  return <>{nodes.map((node, i) => renderNode(node, i, text))}</>
}
