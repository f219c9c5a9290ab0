// What the block tree shows of each block besides its type name: its title or first text, and the search over
// both (a match keeps its containers, e.g. the tabs holding it).

import { isObject, type Json } from '../configOps'
import { blockInfo } from '../schemas'

/** Fields read for a block's text, in order; the block's own first, then its items' (faq, steps, prizes…). */
const TEXT_KEYS = ['title', 'text', 'subtitle', 'content', 'label', 'name', 'q', 'question', 'source', 'alt']
/** Fields that never hold a text a person would recognise the block by. */
const SKIP = new Set(['blocks', 'style', 'action', 'visibleWhen', 'activeBetween', 'showIn', 'id', 'type'])
const LIMIT = 18

function firstText(node: Json, depth: number): string | undefined {
  for (const key of TEXT_KEYS) {
    const v = node[key]
    if (typeof v === 'string' && v.trim()) return v
  }
  if (depth > 2) return undefined
  for (const [key, v] of Object.entries(node)) {
    if (SKIP.has(key)) continue
    const items = Array.isArray(v) ? v : [v]
    for (const item of items) {
      const found = isObject(item) ? firstText(item, depth + 1) : undefined
      if (found) return found
    }
  }
  return undefined
}

/** The block's title or first text, one line (markdown marks dropped), truncated. */
export function blockSummary(block: Json): string {
  const text = firstText(block, 0)
  if (!text) return ''
  const line = text
    .replace(/[#>*_`|[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > LIMIT ? `${line.slice(0, LIMIT)}…` : line
}

/** The Chinese type name of a block (its type as written when unknown). */
export const blockName = (block: Json): string =>
  blockInfo(block.type)?.name ?? String(block.type ?? '未知区块')

/** Whether a block matches a search, by type name, text or id. */
function matches(block: Json, query: string): boolean {
  const hay = `${blockName(block)} ${String(block.type ?? '')} ${typeof block.id === 'string' ? block.id : ''} ${firstText(block, 0) ?? ''}`
  return hay.toLowerCase().includes(query)
}

/**
 * The pointers shown for a search: every matching block and the blocks holding it (its tabs), in tree order;
 * null when the query is empty (everything shows).
 */
export function searchBlocks(
  pointers: readonly string[],
  blockAt: (pointer: string) => Json | undefined,
  query: string,
): Set<string> | null {
  const q = query.trim().toLowerCase()
  if (!q) return null
  const shown = new Set<string>()
  for (const pointer of pointers) {
    const block = blockAt(pointer)
    if (!block || !matches(block, q)) continue
    for (const m of pointer.matchAll(/\/blocks\/\d+/g))
      shown.add(pointer.slice(0, (m.index ?? 0) + m[0].length))
  }
  return shown
}
