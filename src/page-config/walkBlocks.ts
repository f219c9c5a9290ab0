// The one walk over a config's blocks, nested ones included: a block holds other blocks in any array named
// `blocks` inside it (tabs[i].blocks today), so a new container block needs no change here. Used by the checks,
// the migrations, the page module's preloading, the runtime's preparation and the markdown compilation.

import { isObject, type JsonObject } from './json'

/** A visitor; returning false skips the block's nested blocks. */
export type BlockVisitor = (block: JsonObject, pointer: string) => boolean | void

/** The nested block lists inside one block, with their JSON pointers. */
function nestedLists(block: JsonObject, pointer: string): { list: unknown[]; pointer: string }[] {
  const out: { list: unknown[]; pointer: string }[] = []
  const search = (node: unknown, at: string, key: string) => {
    if (Array.isArray(node)) {
      if (key === 'blocks') out.push({ list: node, pointer: at })
      else node.forEach((item, i) => search(item, `${at}/${i}`, ''))
    } else if (isObject(node)) {
      for (const k in node) search(node[k], `${at}/${k}`, k)
    }
  }
  for (const k in block) search(block[k], `${pointer}/${k}`, k)
  return out
}

/** Visits every block of a list (a config's `blocks`) depth-first, in document order. */
export function walkBlocks(blocks: unknown, visit: BlockVisitor, pointer = '/blocks', opening = false): void {
  if (!Array.isArray(blocks)) return
  blocks.forEach((block, i) => {
    if (!isObject(block)) return
    const at = `${pointer}/${i}`
    if (visit(block, at) === false) return
    for (const nested of nestedLists(block, at))
      if (!opening || !LATER_TAB.test(nested.pointer)) walkBlocks(nested.list, visit, nested.pointer, opening)
  })
}

/** The panel of a tab after the first: the page shows it when the reader opens that tab. */
const LATER_TAB = /\/tabs\/[1-9]\d*\/blocks$/

/**
 * walkBlocks over the blocks a page shows when it opens: the panels of later tabs are left out (their blocks'
 * code loads when the tab is first opened, not with the page).
 */
export const walkOpeningBlocks = (blocks: unknown, visit: BlockVisitor): void =>
  walkBlocks(blocks, visit, '/blocks', true)

/** A copy of a block list with `fn` applied to every block, nested ones included (after their parent). */
export function mapBlocks(blocks: unknown, fn: (block: JsonObject) => JsonObject): unknown {
  if (!Array.isArray(blocks)) return blocks
  return blocks.map((block) => (isObject(block) ? mapNested(fn(block), fn) : block))
}

function mapNested(node: JsonObject, fn: (block: JsonObject) => JsonObject): JsonObject {
  const copy = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return key === 'blocks' ? mapBlocks(value, fn) : value.map((v) => copy(v, ''))
    return isObject(value) ? mapNested(value, fn) : value
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, copy(v, k)]))
}

/** "/blocks/2" -> 第 3 个区块; a nested block keeps its pointer's numbers in words. */
export function blockOrdinal(pointer: string): string {
  return [...pointer.matchAll(/\/blocks\/(\d+)/g)].map((m) => `第 ${Number(m[1]) + 1} 个区块`).join(' › ')
}
