// Markdown compiled to the small element tree of src/page-config/markdownTree.ts, the only form in which
// markdown reaches a browser (drawn by src/components/MarkdownTree.tsx): by the build for config pages and `.md`
// documents, by the server for published pages, the studio preview and content. GFM, no raw HTML, only safe
// links, images only from where allowedUrls.ts allows (the validator names the others; old texts lose them here).
import type { Element, ElementContent, Root } from 'hast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { isAllowedImage } from './allowedUrls'
import { isObject } from './json'
import { markdownSources } from './markdownSources'
import { safeUrl } from './safeUrl'
import {
  MARKDOWN_TAGS,
  MARKDOWN_TREES_KEY,
  type MarkdownElement,
  type MarkdownNode,
  type MarkdownProps,
  type MarkdownTag,
  type MarkdownTrees,
} from './markdownTree'

// remark-rehype drops raw HTML unless allowDangerousHtml is set (never).
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { footnoteLabel: '注释', footnoteBackLabel: '返回正文' })
const allowedTags = new Set<string>(MARKDOWN_TAGS)
// Whitespace between these elements is layout only (and invalid inside tables).
const blockContainers = new Set([
  'root',
  'ul',
  'ol',
  'table',
  'thead',
  'tbody',
  'tr',
  'blockquote',
  'section',
])

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

function propsOf(el: Element): MarkdownProps | undefined {
  const p = el.properties
  const props: MarkdownProps = {}
  if (el.tagName === 'a') {
    const href = safeUrl(str(p.href) ?? '')
    if (href) props.href = href
  }
  if (el.tagName === 'img') {
    props.src = str(p.src)
    props.alt = str(p.alt) ?? ''
  }
  if ((el.tagName === 'a' || el.tagName === 'img') && str(p.title)) props.title = str(p.title)
  if (el.tagName === 'ol' && typeof p.start === 'number') props.start = p.start
  if (
    (el.tagName === 'th' || el.tagName === 'td') &&
    (p.align === 'left' || p.align === 'center' || p.align === 'right')
  )
    props.align = p.align
  if (el.tagName === 'input') props.checked = Boolean(p.checked)
  if (str(p.id)) props.id = str(p.id)
  return Object.keys(props).length ? props : undefined
}

function convert(nodes: readonly ElementContent[], parent: string): MarkdownNode[] {
  const out: MarkdownNode[] = []
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!(blockContainers.has(parent) && !node.value.trim())) out.push(node.value)
    } else if (node.type === 'element') {
      const children = convert(node.children, node.tagName)
      if (
        !allowedTags.has(node.tagName) ||
        (node.tagName === 'input' && node.properties.type !== 'checkbox')
      ) {
        out.push(...children)
        continue
      }
      // A link whose target is not allowed keeps its text only; an image from elsewhere is dropped.
      if (node.tagName === 'img' && !isAllowedImage(str(node.properties.src) ?? '')) continue
      const el: MarkdownElement = { tag: node.tagName as MarkdownTag }
      const props = propsOf(node)
      if (props) el.props = props
      if (children.length) el.children = children
      out.push(el)
    }
    // Comments and raw HTML are dropped.
  }
  return out
}

const elementsOf = (source: string) =>
  (processor.runSync(processor.parse(source)) as Root).children as ElementContent[]

export function compileMarkdown(source: string): MarkdownNode[] {
  return convert(elementsOf(source), 'root')
}

/** The source of every image of a markdown text (reference-style ones resolved), as the tree would hold it. */
export function markdownImages(source: string): string[] {
  const found: string[] = []
  const visit = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue
      if (node.tagName === 'img') found.push(str(node.properties.src) ?? '')
      visit(node.children)
    }
  }
  visit(elementsOf(source))
  return found
}

/**
 * The config module's JSON with the compiled trees added under MARKDOWN_TREES_KEY, or null when the text is not
 * a JSON object (the validation reports it).
 */
export function withCompiledMarkdown(json: string): string | null {
  let config: unknown
  try {
    config = JSON.parse(json)
  } catch {
    return null
  }
  if (!isObject(config)) return null
  const trees: MarkdownTrees = {}
  for (const source of markdownSources(config)) trees[source] = compileMarkdown(source)
  return JSON.stringify({ ...config, [MARKDOWN_TREES_KEY]: trees })
}
