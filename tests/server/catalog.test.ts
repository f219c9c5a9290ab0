import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDetail, ProductPage } from '../../src/types/generated/api/catalog'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const get = <T>(url: string) =>
  t.app.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json<T>() }))

describe('demo catalog', () => {
  it('lists the nine categories with product counts and at least six fictional insurers', async () => {
    const categories = await get<{ items: { code: string; name: string; productCount: number }[] }>(
      '/api/categories',
    )
    expect(categories.status).toBe(200)
    expect(categories.body.items.map((c) => `${c.code}:${c.name}`)).toEqual([
      'accident:意外',
      'health:健康',
      'medical:医疗',
      'critical:重疾',
      'life:寿险',
      'travel:旅行',
      'property:财产',
      'annuity:年金',
      'education:教育金',
    ])
    expect(categories.body.items.every((c) => c.productCount > 0)).toBe(true)
    expect(categories.body.items.reduce((n, c) => n + c.productCount, 0)).toBeGreaterThanOrEqual(30)

    const insurers = await get<{ items: { code: string; name: string; logo: string }[] }>('/api/insurers')
    expect(insurers.body.items.length).toBeGreaterThanOrEqual(6)
    for (const insurer of insurers.body.items) {
      expect(insurer.name).toMatch(/保险股份有限公司（虚构）$/)
      expect(insurer.logo).toBe(`/images/insurers/${insurer.code.toLowerCase()}.svg`)
    }
  })

  it('pages through every product exactly once with the cursor, in each sort order', async () => {
    for (const sort of ['sales', 'price', 'rating', undefined]) {
      const seen: ProductPage['items'] = []
      let cursor: string | null = null
      do {
        const qs: URLSearchParams = new URLSearchParams({
          limit: '7',
          ...(sort ? { sort } : {}),
          ...(cursor ? { cursor } : {}),
        })
        const page: { status: number; body: ProductPage } = await get<ProductPage>(`/api/products?${qs}`)
        expect(page.status).toBe(200)
        seen.push(...page.body.items)
        cursor = page.body.nextCursor
      } while (cursor)
      expect(seen.length).toBeGreaterThanOrEqual(30)
      expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length)
      if (sort === 'sales')
        expect(seen.map((p) => p.salesCount)).toEqual(
          [...seen.map((p) => p.salesCount)].sort((a, b) => b - a),
        )
      if (sort === 'price')
        expect(seen.map((p) => p.minPremiumFen)).toEqual(
          [...seen.map((p) => p.minPremiumFen)].sort((a, b) => a - b),
        )
      if (sort === 'rating')
        expect(seen.map((p) => p.rating)).toEqual([...seen.map((p) => p.rating)].sort((a, b) => b - a))
    }
  })

  it('filters by category, insurer, tag and keyword', async () => {
    const travel = await get<ProductPage>('/api/products?category=travel&limit=50')
    expect(travel.body.items.length).toBeGreaterThan(0)
    expect(travel.body.items.every((p) => p.categoryCode === 'travel')).toBe(true)

    const byInsurer = await get<ProductPage>('/api/products?insurer=YH&limit=50')
    expect(byInsurer.body.items.length).toBeGreaterThan(0)
    expect(byInsurer.body.items.every((p) => p.insurerCode === 'YH' && p.insurerName === '云禾健康')).toBe(
      true,
    )

    for (const tag of ['新人专享', '春节', '出行', '旅行', '意外', '热销']) {
      const tagged = await get<ProductPage>(`/api/products?tag=${encodeURIComponent(tag)}&limit=50`)
      expect(tagged.body.items.length, tag).toBeGreaterThan(0)
      expect(tagged.body.items.every((p) => p.tags.includes(tag))).toBe(true)
    }

    const keyword = await get<ProductPage>(`/api/products?keyword=${encodeURIComponent('百万医疗')}`)
    expect(keyword.body.items.map((p) => p.id)).toContain('p-medical-million')
    // LIKE wildcards are literal: "%" finds only the one tagline with a percent sign, not everything.
    expect(
      (await get<ProductPage>('/api/products?keyword=%25&limit=50')).body.items.map((p) => p.id),
    ).toEqual(['p-life-whole'])
    expect((await get<ProductPage>('/api/products?category=nothing')).body).toEqual({
      items: [],
      nextCursor: null,
    })
  })

  it('gives each product its own picture, a file the server serves', async () => {
    const ids = await t.db.db.selectFrom('products').select(['id', 'image']).execute()
    expect(ids.length).toBeGreaterThanOrEqual(35)
    for (const { id, image } of ids) {
      expect(image, id).toBe(`/images/products/${id}.svg`)
      expect(existsSync(join(import.meta.dirname, '../../public', image)), image).toBe(true)
    }
  })

  it('returns a product with plans, coverage amounts, premium tables, clauses, notice and health questions', async () => {
    const { status, body } = await get<ProductDetail>('/api/products/p-medical-million')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: 'p-medical-million',
      categoryCode: 'medical',
      ageMin: { years: 0, days: 28 },
      ageMax: 65,
      waitingPeriodDays: 30,
      coolingOffDays: 15,
    })
    expect(body.plans.length).toBe(2)
    expect(body.plans[0].coverages[0]).toEqual({
      name: '一般医疗',
      amountFen: 200_000_000,
      description: '年免赔额1万元',
    })
    const rates = body.plans[0].premiumRates
    expect(rates.length).toBeGreaterThan(10)
    // Every age from the minimum to the maximum is priced for both social-insurance states.
    for (let age = 0; age <= 65; age++) {
      for (const social of ['Y', 'N']) {
        expect(
          rates.filter((r) => r.ageMin <= age && age <= r.ageMax && r.socialInsurance === social),
          `${age}/${social}`,
        ).toHaveLength(1)
      }
    }
    expect(body.minPremiumFen).toBe(
      Math.min(...body.plans.flatMap((p) => p.premiumRates.map((r) => r.premiumFen))),
    )
    expect(body.healthQuestions.length).toBeGreaterThan(0)
    // Content markdown arrives compiled to the element tree (headings as elements, no markdown syntax left).
    expect(JSON.stringify(body.clauses[0].body)).toContain('保险责任')
    expect(body.notice).toContainEqual({ tag: 'h1', children: ['投保须知'] })
    expect(JSON.stringify(body.notice)).not.toMatch(/#|\*\*/)
    expect(body.faqs[0].a.length).toBeGreaterThan(0)
    expect(body.faqs.length).toBeGreaterThan(0)
  })

  it('answers an unknown product with 404 and a malformed id with 400', async () => {
    const missing = await get<{ error: { code: string; message: string } }>('/api/products/p-does-not-exist')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: '产品不存在' })
    const bad = await get<{ error: { code: string } }>('/api/products/..%2Fetc')
    expect(bad.status).toBe(400)
  })

  it('rejects a forged cursor, a bad sort and an out-of-range limit with the field named', async () => {
    const cursor = await get<{ error: { code: string; details: { field: string }[] } }>(
      '/api/products?cursor=bm90LWEtY3Vyc29y',
    )
    expect(cursor.status).toBe(400)
    expect(cursor.body.error.code).toBe('INVALID_CURSOR')
    const sort = await get<{ error: { message: string; details: { field: string }[] } }>(
      '/api/products?sort=cheapest',
    )
    expect(sort.status).toBe(400)
    expect(sort.body.error.details[0].field).toBe('sort')
    expect(sort.body.error.message).toContain('排序')
    const limit = await get<{ error: { details: { field: string }[] } }>('/api/products?limit=500')
    expect(limit.status).toBe(400)
    expect(limit.body.error.details[0].field).toBe('limit')
    // A cursor made for another sort order is refused rather than misread.
    const first = await get<ProductPage>('/api/products?sort=sales&limit=2')
    const mixed = await get<{ error: { code: string } }>(
      `/api/products?sort=price&cursor=${first.body.nextCursor}`,
    )
    expect(mixed.body.error.code).toBe('INVALID_CURSOR')
  })

  it('serves the general FAQs', async () => {
    const faqs = await get<{ items: { q: string; a: string }[] }>('/api/faqs')
    expect(faqs.body.items.length).toBeGreaterThan(3)
  })
})
