// The page runtime's defence for versions published before images were checked (or a draft in a preview): every
// image field (imageFields.ts, from the schemas' x-image marks) and the share image that allowedUrls.ts does not
// allow is dropped before anything renders, so no visitor's browser contacts another host for it. Blocks without
// one keep their identity: the renderer memoizes each block on its config object.

import { isAllowedImage } from './allowedUrls'
import { imageFields } from './imageFields'
import { isObject, type JsonObject } from './json'

/** The page's own image fields, outside its blocks. */
const PAGE_IMAGE_FIELDS: readonly (readonly string[])[] = [['share', 'image']]

/** `items` mapped by `fn`, or `items` itself when `fn` changed none. */
function mapSame(items: readonly unknown[], fn: (item: unknown) => unknown): unknown[] {
  const out = items.map(fn)
  return out.some((item, i) => item !== items[i]) ? out : (items as unknown[])
}

/** `node` without a disallowed image at `path` ("*" = every item of an array), or `node` itself. */
function pruned(node: unknown, path: readonly string[]): unknown {
  if (!path.length) return typeof node === 'string' && !isAllowedImage(node) ? undefined : node
  const [head, ...rest] = path
  if (head === '*') return Array.isArray(node) ? mapSame(node, (item) => pruned(item, rest)) : node
  if (!isObject(node) || !(head in node)) return node
  const value = pruned(node[head], rest)
  if (value === node[head]) return node
  const copy = { ...node }
  if (value === undefined) delete copy[head]
  else copy[head] = value
  return copy
}

/** Nested block lists (any array named `blocks`, as walkBlocks.ts finds them) cleaned, the rest as it is. */
function withinValue(value: unknown, key: string): unknown {
  if (Array.isArray(value))
    return key === 'blocks' ? cleanBlocks(value) : mapSame(value, (item) => withinValue(item, ''))
  if (!isObject(value)) return value
  let copy: JsonObject | undefined
  for (const k in value) {
    const inner = withinValue(value[k], k)
    if (inner !== value[k]) (copy ??= { ...value })[k] = inner
  }
  return copy ?? value
}

function cleanBlock(block: JsonObject): JsonObject {
  let out: JsonObject = block
  for (const path of imageFields[String(block.type)] ?? []) out = pruned(out, path) as JsonObject
  return withinValue(out, '') as JsonObject
}

function cleanBlocks(blocks: readonly unknown[]): unknown[] {
  return mapSame(blocks, (block) => (isObject(block) ? cleanBlock(block) : block))
}

/**
 * A page config as a browser receives it, without images from elsewhere (the pages API already dropped them:
 * this holds for a server that did not); the same object when it has none.
 */
export function pageWithoutForeignImages<Config extends object>(config: Config): Config {
  return withoutForeignImages(config as unknown as JsonObject) as unknown as Config
}

/** The config without images from elsewhere; the same object when it has none. */
export function withoutForeignImages(config: JsonObject): JsonObject {
  let out = config
  if (Array.isArray(config.blocks)) {
    const blocks = cleanBlocks(config.blocks)
    if (blocks !== config.blocks) out = { ...out, blocks }
  }
  for (const path of PAGE_IMAGE_FIELDS) out = pruned(out, path) as JsonObject
  return out
}
