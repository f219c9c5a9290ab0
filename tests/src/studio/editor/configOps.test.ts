import { describe, expect, it } from 'vitest'
import { insertBlock, insertBlockAt } from '../../../../src/studio/editor/configOps'
import type { PageConfig } from '../../../../src/studio/editor/types'

// A product list dropped on a page shows products at once: the data source it names is declared with the
// catalogue's products when the page lacks it (a person would not know to type /api/products in 页面设置).

const page = (extra: Record<string, unknown> = {}) =>
  ({ schemaVersion: 3, title: '双十二', blocks: [{ type: 'title', text: '双十二' }], ...extra }) as PageConfig

describe('inserting a product list', () => {
  it('declares the data source it names when the page has none', () => {
    const { config, pointer } = insertBlockAt(
      page(),
      { type: 'product-list', from: 'products' },
      '/blocks',
      1,
    )
    expect(pointer).toBe('/blocks/1')
    expect(config.dataSources).toEqual({ products: { get: '/api/products', query: { limit: 6 } } })
  })

  it('keeps a data source the page already declares, and others alone', () => {
    const own = { products: { get: '/api/products', query: { category: 'medical' } } }
    const { config } = insertBlock(
      page({ dataSources: own }),
      { type: 'product-list', from: 'products' },
      null,
    )
    expect(config.dataSources).toEqual(own)
  })

  it('looks inside a dropped tabs block; other blocks add nothing', () => {
    const tabs = {
      type: 'tabs',
      tabs: [{ title: '热销', blocks: [{ type: 'product-list', from: 'hot' }] }],
    }
    expect(insertBlock(page(), tabs, null).config.dataSources).toEqual({
      hot: { get: '/api/products', query: { limit: 6 } },
    })
    expect(insertBlock(page(), { type: 'title', text: 'x' }, null).config.dataSources).toBeUndefined()
  })
})
