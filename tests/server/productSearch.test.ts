import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductPage } from '../../src/types/generated/api/catalog'
import { createTestApp, type TestApp } from './helpers'

// Search as a buyer types it: the words of everyday speech (synonyms), the categories' names, pinyin initials.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function search(keyword: string, sort?: string): Promise<string[]> {
  const qs = new URLSearchParams({ keyword, limit: '50', ...(sort ? { sort } : {}) })
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${qs}` })
  expect(res.statusCode, keyword).toBe(200)
  return res.json<ProductPage>().items.map((p) => p.id)
}

const CHILDREN = ['p-accident-kids', 'p-critical-kids', 'p-education-future', 'p-education-growth']
const SENIORS = ['p-accident-senior', 'p-medical-senior']
const ACCIDENT = ['p-accident-daily', 'p-accident-commute', 'p-accident-kids', 'p-accident-senior']
const MEDICAL = ['p-medical-million', 'p-medical-smallclaims', 'p-medical-senior', 'p-medical-mid']
const TRAVEL = ['p-travel-domestic', 'p-travel-schengen', 'p-travel-asia', 'p-travel-springfestival']
const CRITICAL = ['p-critical-classic', 'p-critical-kids', 'p-critical-term', 'p-critical-cancer']

describe('product search', () => {
  it.each([
    ['意外保险', ACCIDENT],
    ['医疗保险', MEDICAL],
    ['儿童', CHILDREN],
    ['孩子', CHILDREN],
    ['宝宝', CHILDREN],
    ['旅游险', TRAVEL],
    ['境外旅行', ['p-travel-schengen', 'p-travel-asia']],
    ['重大疾病', CRITICAL],
    ['老人', SENIORS],
    ['父母', SENIORS],
  ])('%s finds its products', async (keyword, expected) => {
    expect(await search(keyword)).toEqual(expect.arrayContaining(expected))
  })

  it('a query that says who and what finds the products for both: 儿童重疾, 老人意外', async () => {
    expect(await search('儿童重疾')).toEqual(['p-critical-kids'])
    expect(await search('老人 意外')).toEqual(['p-accident-senior'])
  })

  it('a category name finds every product of the category, its own products first', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/products?category=medical&limit=50' })
    const medical = all.json<ProductPage>().items.map((p) => p.id)
    const found = await search('医疗')
    expect(found.slice(0, medical.length).sort()).toEqual([...medical].sort())
    // 意外医疗 in an accident product's tagline still finds it, after the medical products.
    expect(found).toContain('p-accident-daily')
    expect((await search('年金')).sort()).toEqual(
      expect.arrayContaining(['p-annuity-pension', 'p-annuity-wealth']),
    )
    expect(await search('教育金')).toEqual(
      expect.arrayContaining(['p-education-future', 'p-education-growth']),
    )
  })

  it('pinyin initials and full pinyin find a product by its name', async () => {
    expect(await search('bwyl')).toEqual(['p-medical-million'])
    expect(await search('BWYL')).toEqual(['p-medical-million'])
    expect(await search('baiwanyiliao')).toEqual(['p-medical-million'])
    expect(await search('cjfx')).toEqual(['p-travel-springfestival'])
  })

  it('still finds nothing for what the catalog does not sell, and 寿险 finds life cover, not the life insurer', async () => {
    expect(await search('火星保险')).toEqual([])
    const life = await search('寿险')
    expect(life).toEqual(expect.arrayContaining(['p-life-term', 'p-life-whole']))
    expect(life).not.toContain('p-accident-daily')
  })

  it('pages through search results once each, in every sort', async () => {
    for (const sort of [undefined, 'sales', 'price', 'rating']) {
      const all = await search('意外', sort)
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const qs: URLSearchParams = new URLSearchParams({
          keyword: '意外',
          limit: '3',
          ...(sort ? { sort } : {}),
          ...(cursor ? { cursor } : {}),
        })
        const res = await t.app.inject({ method: 'GET', url: `/api/products?${qs}` })
        expect(res.statusCode).toBe(200)
        const page: ProductPage = res.json<ProductPage>()
        seen.push(...page.items.map((p) => p.id))
        cursor = page.nextCursor
      } while (cursor)
      expect(seen, sort).toEqual(all)
    }
  })
})
