// Markdown compiled at build time (src/page-config/markdown.ts) into a small element tree, shipped in the
// config chunk so config pages render markdown without a markdown parser. Links and images in the tree were
// already checked at build time; text nodes may still hold {{bindings}}, resolved when rendered.

/** Elements the compiler emits and the renderer draws; anything else is dropped at build time. */
export const MARKDOWN_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'hr',
  'br',
  'a',
  'img',
  'input',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'section',
] as const

export type MarkdownTag = (typeof MARKDOWN_TAGS)[number]

export interface MarkdownProps {
  href?: string
  title?: string
  src?: string
  alt?: string
  start?: number
  align?: 'left' | 'center' | 'right'
  /** Task-list checkboxes (always read-only). */
  checked?: boolean
  id?: string
}

export interface MarkdownElement {
  tag: MarkdownTag
  props?: MarkdownProps
  children?: MarkdownNode[]
}

export type MarkdownNode = string | MarkdownElement

/** Compiled trees of one config, by markdown source text (before bindings). */
export type MarkdownTrees = Record<string, MarkdownNode[]>

/** Key under which the build adds the compiled trees to a page config module (not part of the schema). */
export const MARKDOWN_TREES_KEY = '$markdown'
