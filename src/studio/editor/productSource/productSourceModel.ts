// Which products a product-list block shows, as its property form picks them: a category, a tag and a count,
// written to the block's own data source (page.dataSources[block.from].query). A source that another list also
// reads is never changed under it: the block gets a source of its own first.

import { CONFIG_API_PATHS } from '../../../page-config/apiPaths'
import { walkBlocks } from '../../../page-config/walkBlocks'
import { getAt, isObject, setAt, updateAt, type Json } from '../configOps'
import type { PageConfig } from '../types'

/** What the picker sets; an absent member is cleared from the query. */
export interface ProductChoice {
  category?: string
  tag?: string
  limit?: number
}

/** The page schema's cap on data sources (schemas/page.schema.json, dataSources.maxProperties). */
export const MAX_DATA_SOURCES = 5

const sourcesOf = (config: PageConfig): Json => (isObject(config.dataSources) ? config.dataSources : {})

/** The query of the data source the block at `pointer` reads, or {} when it has none. */
export function queryOfBlock(config: PageConfig, pointer: string): Json {
  const block = getAt(config, pointer)
  const from = isObject(block) ? block.from : undefined
  const source = typeof from === 'string' ? sourcesOf(config)[from] : undefined
  return isObject(source) && isObject(source.query) ? source.query : {}
}

/** How many product lists other than the one at `pointer` read the source `name`. */
function otherReaders(config: PageConfig, pointer: string, name: string): number {
  let count = 0
  walkBlocks(config.blocks, (block, at) => {
    if (at !== pointer && block.type === 'product-list' && block.from === name) count++
  })
  return count
}

/** A data-source name the page does not use yet: products2, products3… */
function freeName(config: PageConfig, base: string): string {
  const taken = sourcesOf(config)
  for (let n = 2; ; n++) if (!(`${base}${n}` in taken)) return `${base}${n}`
}

/**
 * The config with the block at `pointer` showing `choice`: its own data source's query set (other query keys a
 * person typed in 页面设置 are kept), and the block's own `limit` following the count. Null when the block would
 * need a new data source and the page already has the most it may declare.
 */
export function withProductChoice(
  config: PageConfig,
  pointer: string,
  choice: ProductChoice,
): PageConfig | null {
  const block = getAt(config, pointer)
  if (!isObject(block)) return null
  const sources = sourcesOf(config)
  const current = typeof block.from === 'string' ? block.from : 'products'
  const declared = isObject(sources[current])
  const shared = otherReaders(config, pointer, current) > 0
  const name = shared ? freeName(config, current.replace(/\d+$/, '')) : current
  if (!(name in sources) && Object.keys(sources).length >= MAX_DATA_SOURCES) return null
  const base: Json = declared ? (sources[current] as Json) : { get: CONFIG_API_PATHS.get[0] }
  const query: Json = { ...(isObject(base.query) ? base.query : {}) }
  for (const key of ['category', 'tag', 'limit'] as const) {
    if (choice[key] === undefined || choice[key] === '') delete query[key]
    else query[key] = choice[key]
  }
  const source: Json = { ...base }
  if (Object.keys(query).length) source.query = query
  else delete source.query
  let next = updateAt(config, '/dataSources', (old) => ({ ...(isObject(old) ? old : {}), [name]: source }))
  const edited: Json = { ...block, from: name }
  if (choice.limit === undefined) delete edited.limit
  else edited.limit = choice.limit
  next = setAt(next, pointer, edited)
  return next
}

/** A product-list schema whose `from` is this picker and whose `limit` the picker sets (schemas.ts). */
export function withProductSourcePicker(
  type: string,
  schema: Record<string, unknown>,
): Record<string, unknown> {
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined
  if (type !== 'product-list' || !props?.from) return schema
  const { limit: _limit, ...rest } = props
  return { ...schema, properties: { ...rest, from: { ...props.from, 'x-studio': 'product-source' } } }
}

/** Whether anything of `config` but its data sources reads the source `name` (a list's `from`, a `data.name` binding). */
function sourceRead(config: PageConfig, name: string): boolean {
  let read = false
  walkBlocks(config.blocks, (block) => {
    if (block.from === name) read = true
  })
  if (read) return true
  const { dataSources: _sources, ...rest } = config
  return new RegExp(`\\bdata\\.${name}\\b`).test(JSON.stringify(rest))
}

/**
 * The config after `removed` (a block, with whatever it holds) left it: the data sources its product lists read
 * and nothing else reads any more are gone too, so a deleted 产品列表 leaves nothing behind in 数据源. A source
 * another block or a binding still reads stays.
 */
export function withoutOrphanSources(config: PageConfig, removed: unknown): PageConfig {
  if (!isObject(removed)) return config
  const names = new Set<string>()
  walkBlocks([removed], (block) => {
    if (block.type === 'product-list' && typeof block.from === 'string') names.add(block.from)
  })
  const sources = sourcesOf(config)
  const orphans = [...names].filter((name) => name in sources && !sourceRead(config, name))
  if (!orphans.length) return config
  const kept = Object.fromEntries(Object.entries(sources).filter(([name]) => !orphans.includes(name)))
  const { dataSources: _old, ...rest } = config
  return (Object.keys(kept).length ? { ...rest, dataSources: kept } : rest) as PageConfig
}
