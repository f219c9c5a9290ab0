// Pure edits of a page config by JSON pointer. Every edit copies only the objects on the changed path
// (structural sharing), so undo snapshots are cheap and memoized rows of untouched blocks do not re-render.

import type { PageConfig } from '../../types/generated/page'
import { CONFIG_API_PATHS } from '../../page-config/apiPaths'
import { walkBlocks } from '../../page-config/walkBlocks'

export type Json = Record<string, unknown>

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export function splitPointer(pointer: string): string[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function joinPointer(parts: readonly (string | number)[]): string {
  return parts.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}

export function getAt(root: unknown, pointer: string): unknown {
  let node = root
  for (const part of splitPointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(part)]
    else if (isObject(node)) node = node[part]
    else return undefined
  }
  return node
}

/** A copy of `root` with the value at `pointer` replaced by `fn(old)` (only the path is copied). */
export function updateAt<T>(root: T, pointer: string, fn: (old: unknown) => unknown): T {
  const parts = splitPointer(pointer)
  const go = (node: unknown, i: number): unknown => {
    if (i === parts.length) return fn(node)
    const key = parts[i]
    if (Array.isArray(node)) {
      const copy = node.slice()
      copy[Number(key)] = go(node[Number(key)], i + 1)
      return copy
    }
    const obj = isObject(node) ? node : {}
    return { ...obj, [key]: go(obj[key], i + 1) }
  }
  return go(root, 0) as T
}

export const setAt = <T>(root: T, pointer: string, value: unknown): T => updateAt(root, pointer, () => value)

/** Pointer of the list holding a block and its index there: "/blocks/2/tabs/0/blocks/1" -> ["/blocks/2/tabs/0/blocks", 1]. */
export function parentOf(pointer: string): { list: string; index: number } {
  const cut = pointer.lastIndexOf('/')
  return { list: pointer.slice(0, cut), index: Number(pointer.slice(cut + 1)) }
}

export interface BlockNode {
  pointer: string
  block: Json
  depth: number
  /** Pointer of the list the block sits in. */
  list: string
  /** Label of the container list when nested (a tab's title). */
  group?: string
}

/** Every block of the config, nested ones included, in document order. */
export function blockNodes(config: PageConfig): BlockNode[] {
  const out: BlockNode[] = []
  walkBlocks(config.blocks, (block, pointer) => {
    const { list } = parentOf(pointer)
    const depth = (pointer.match(/\/blocks\/\d+/g) ?? []).length - 1
    let group: string | undefined
    if (depth > 0) {
      const holder = getAt(config, list.slice(0, list.lastIndexOf('/')))
      if (isObject(holder) && typeof holder.title === 'string') group = holder.title
    }
    out.push({ pointer, block, depth, list, group })
  })
  return out
}

/** Every block id in the config. */
export function blockIds(config: PageConfig): Set<string> {
  const ids = new Set<string>()
  walkBlocks(config.blocks, (block) => {
    if (typeof block.id === 'string') ids.add(block.id)
  })
  return ids
}

/** A fresh id `base`, `base-2`, `base-3`… not in `ids` (which it joins). */
export function freshId(ids: Set<string>, base: string): string {
  const stem =
    base
      .replace(/-\d+$/, '')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 34) || 'block'
  const start = /^[A-Za-z]/.test(stem) ? stem : `b${stem}`
  let id = start
  for (let n = 2; ids.has(id); n++) id = `${start}-${n}`
  ids.add(id)
  return id
}

/** A copy of a block whose id and nested blocks' ids are new, so ids stay unique in the page. */
function withIdsFreshened(config: PageConfig, block: Json): Json {
  const ids = blockIds(config)
  const fresh = (b: Json): Json => {
    const copy: Json = {}
    for (const [k, v] of Object.entries(b)) copy[k] = freshValue(v, k)
    if (typeof b.id === 'string') copy.id = freshId(ids, b.id)
    return copy
  }
  const freshValue = (v: unknown, key: string): unknown => {
    if (Array.isArray(v))
      return v.map((item) => (key === 'blocks' && isObject(item) ? fresh(item) : freshValue(item, '')))
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, freshValue(x, k)]))
    return v
  }
  return fresh(block)
}

/** Inserts a block after the one at `after` (same list), or at the end of the page. Returns the new pointer. */
export function insertBlock(
  config: PageConfig,
  block: Json,
  after: string | null,
): { config: PageConfig; pointer: string } {
  const { list, index } = after ? parentOf(after) : { list: '/blocks', index: config.blocks.length - 1 }
  return insertBlockAt(config, block, list, index + 1)
}

/** The catalogue's products, as a product list reads them: what a dropped product list shows at once. */
const PRODUCTS_SOURCE = { get: CONFIG_API_PATHS.get[0], query: { limit: 6 } }

/**
 * A product list (also inside a dropped tabs block) names a data source of the page; one the page lacks is
 * declared with the catalogue's products, so the list shows products at once instead of an error that asks a
 * person to type an API path in 页面设置.
 */
function withDataSourcesOf(config: PageConfig, block: Json): PageConfig {
  const missing = new Set<string>()
  const sources = isObject(config.dataSources) ? config.dataSources : {}
  walkBlocks([block], (b) => {
    if (b.type === 'product-list' && typeof b.from === 'string' && !(b.from in sources)) missing.add(b.from)
  })
  if (!missing.size) return config
  const added = Object.fromEntries([...missing].map((name) => [name, PRODUCTS_SOURCE]))
  return { ...config, dataSources: { ...sources, ...added } } as PageConfig
}

/** Inserts a block at `index` of the list at `list` (a drop on the canvas). Returns the new pointer. */
export function insertBlockAt(
  config: PageConfig,
  block: Json,
  list: string,
  index: number,
): { config: PageConfig; pointer: string } {
  const added = withIdsFreshened(config, {
    ...block,
    id: typeof block.id === 'string' ? block.id : String(block.type),
  })
  const arr = getAt(config, list)
  const at = Math.min(index, Array.isArray(arr) ? arr.length : 0)
  const next = updateAt(withDataSourcesOf(config, added), list, (old) => {
    const copy = Array.isArray(old) ? old.slice() : []
    copy.splice(at, 0, added)
    return copy
  })
  return { config: next, pointer: `${list}/${at}` }
}

/** Copies the block at `pointer` right after itself, with new ids. */
export function duplicateBlock(config: PageConfig, pointer: string): { config: PageConfig; pointer: string } {
  const block = getAt(config, pointer)
  if (!isObject(block)) return { config, pointer }
  const copy = withIdsFreshened(config, {
    ...block,
    id: typeof block.id === 'string' ? block.id : String(block.type),
  })
  const { list, index } = parentOf(pointer)
  const next = updateAt(config, list, (old) => {
    const arr = (old as unknown[]).slice()
    arr.splice(index + 1, 0, copy)
    return arr
  })
  return { config: next, pointer: `${list}/${index + 1}` }
}

export function removeBlock(config: PageConfig, pointer: string): PageConfig {
  const { list, index } = parentOf(pointer)
  return updateAt(config, list, (old) => (old as unknown[]).filter((_, i) => i !== index))
}

/** Moves a block within its list to `toIndex`. Returns the new pointer. */
export function moveWithin(
  config: PageConfig,
  pointer: string,
  toIndex: number,
): { config: PageConfig; pointer: string } {
  const { list, index } = parentOf(pointer)
  const arr = getAt(config, list)
  if (!Array.isArray(arr) || toIndex < 0 || toIndex >= arr.length || toIndex === index)
    return { config, pointer }
  const next = updateAt(config, list, (old) => {
    const copy = (old as unknown[]).slice()
    const [moved] = copy.splice(index, 1)
    copy.splice(toIndex, 0, moved)
    return copy
  })
  return { config: next, pointer: `${list}/${toIndex}` }
}

/** Moves a block to another list (into or out of a tab) at `toIndex`. Returns the new pointer. */
export function moveToList(
  config: PageConfig,
  pointer: string,
  toList: string,
  toIndex: number,
): { config: PageConfig; pointer: string } {
  const from = parentOf(pointer)
  if (from.list === toList) return moveWithin(config, pointer, toIndex)
  // A container cannot go inside itself.
  if (toList.startsWith(pointer + '/')) return { config, pointer }
  const block = getAt(config, pointer)
  const removed = removeBlock(config, pointer)
  // Removing may shift the target list's own pointer when it sits after the block in the same parent list.
  let target = toList
  if (toList.startsWith(from.list + '/')) {
    const rest = toList.slice(from.list.length + 1)
    const slash = rest.indexOf('/')
    const i = Number(slash < 0 ? rest : rest.slice(0, slash))
    if (i > from.index) target = `${from.list}/${i - 1}${slash < 0 ? '' : rest.slice(slash)}`
  }
  const next = updateAt(removed, target, (old) => {
    const arr = Array.isArray(old) ? old.slice() : []
    arr.splice(Math.min(toIndex, arr.length), 0, block)
    return arr
  })
  return {
    config: next,
    pointer: `${target}/${Math.min(toIndex, (getAt(removed, target) as unknown[]).length)}`,
  }
}

/** The pointer of the block that holds `pointer` (the deepest block pointer that is a prefix), or null. */
export function blockPointerOf(config: PageConfig, pointer: string): string | null {
  const matches = [...pointer.matchAll(/\/blocks\/\d+/g)]
  if (!matches.length) return null
  const last = matches[matches.length - 1]
  const candidate = pointer.slice(0, (last.index ?? 0) + last[0].length)
  return isObject(getAt(config, candidate)) ? candidate : null
}

/** Finds a block's pointer by id. */
export function pointerOfId(config: PageConfig, id: string): string | null {
  let found: string | null = null
  walkBlocks(config.blocks, (block, pointer) => {
    if (found) return false
    if (block.id === id) found = pointer
  })
  return found
}
