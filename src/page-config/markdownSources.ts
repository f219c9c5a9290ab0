// Where a page config holds markdown: the block fields its schemas mark "x-markdown" (markdown blocks, FAQ
// answers, result band descriptions). Parser-free, so the studio finds the texts to have compiled without
// shipping the compiler.
import { markdownFields } from './blockCatalog'
import { escapePointer, isObject, type JsonObject } from './json'
import { migrateConfig } from './migrations'
import { walkBlocks } from './walkBlocks'

/** A markdown text of a block and its JSON pointer in the config. */
export interface MarkdownField {
  source: string
  pointer: string
}

/** The strings at one path of a block ("*" = every item of an array), with their JSON pointers. */
function textsAt(node: unknown, path: readonly string[], pointer: string, found: MarkdownField[]): void {
  if (!path.length) {
    if (typeof node === 'string') found.push({ source: node, pointer })
    return
  }
  const [head, ...rest] = path
  if (head === '*') {
    if (Array.isArray(node)) node.forEach((item, i) => textsAt(item, rest, `${pointer}/${i}`, found))
  } else if (isObject(node)) textsAt(node[head], rest, `${pointer}/${escapePointer(head)}`, found)
}

/** The markdown texts of one block (the fields its schema marks "x-markdown"), not those of nested blocks. */
export function markdownTextsOf(block: JsonObject, pointer: string): MarkdownField[] {
  const found: MarkdownField[] = []
  const paths = typeof block.type === 'string' ? markdownFields[block.type] : undefined
  for (const path of paths ?? []) textsAt(block, path, pointer, found)
  return found
}

/** Every markdown text of a config, nested blocks included, as the page renders it: an old config migrated first. */
export function markdownSources(config: unknown): Set<string> {
  const found = new Set<string>()
  if (!isObject(config)) return found
  walkBlocks(migrateConfig(config).config.blocks, (block, pointer) => {
    for (const text of markdownTextsOf(block, pointer)) found.add(text.source)
  })
  return found
}
