// The catalog products a page would show: each product list's data source asked of the catalog as the page will
// ask it, so their own names and taglines ("1元保30天") are linted before publishing, naming the product.
import { isObject } from '../../../src/page-config/json'
import { migrateConfig } from '../../../src/page-config/migrations'
import type { ShownText } from '../../../src/page-config/validate'
import { walkBlocks } from '../../../src/page-config/walkBlocks'
import type { ProductPage, ProductQuery } from '../../../src/types/generated/api/catalog'

const PRODUCTS = '/api/products'
const SORTS = new Set(['sales', 'price', 'rating'])
const MAX = 50

/** The catalog query of a data source, or null when it is not the product list or depends on the visitor. */
function queryOf(source: unknown, limit: unknown): ProductQuery | null {
  if (!isObject(source) || source.get !== PRODUCTS) return null
  const raw = isObject(source.query) ? source.query : {}
  // A query that depends on the route or the visitor ({{params.type}}) is not known before a visit.
  if (Object.values(raw).some((v) => typeof v === 'string' && v.includes('{{'))) return null
  const query: ProductQuery = {}
  for (const key of ['category', 'insurer', 'keyword', 'tag'] as const)
    if (typeof raw[key] === 'string') query[key] = raw[key]
  if (typeof raw.sort === 'string' && SORTS.has(raw.sort)) query.sort = raw.sort as ProductQuery['sort']
  const asked = [limit, raw.limit].filter((n): n is number => typeof n === 'number' && n > 0)
  query.limit = Math.min(MAX, ...asked)
  return query
}

export async function shownProductTexts(
  config: unknown,
  products: (query: ProductQuery) => Promise<ProductPage>,
): Promise<ShownText[]> {
  if (!isObject(config)) return []
  const migrated = migrateConfig(config).config
  const sources = isObject(migrated.dataSources) ? migrated.dataSources : {}
  const lists: { pointer: string; query: ProductQuery }[] = []
  walkBlocks(migrated.blocks, (block, pointer) => {
    if (block.type !== 'product-list' || typeof block.from !== 'string') return
    const query = queryOf(sources[block.from], block.limit)
    if (query) lists.push({ pointer: `${pointer}/from`, query })
  })
  const asked = new Map<string, Promise<ProductPage | null>>()
  const shown: ShownText[] = []
  for (const { pointer, query } of lists) {
    const key = JSON.stringify(query)
    if (!asked.has(key))
      asked.set(
        key,
        products(query).catch(() => null),
      )
    for (const product of (await asked.get(key))?.items ?? []) {
      shown.push({ pointer, what: `产品「${product.name}」的名称`, text: product.name })
      shown.push({ pointer, what: `产品「${product.name}」的介绍`, text: product.tagline })
    }
  }
  return shown
}
