import { describe, expect, it } from 'vitest'
import { DEMO_PARTNER_PRODUCTS_KEY, seedPartnerProducts } from '../../../server/db/seed/partners'
import { createTestApp } from '../helpers'

// The partner insurer and its four products reach a data folder seeded before them, once.

describe('a data folder seeded before the partner products existed', () => {
  it('gets the insurer HT and its four products once, listed among the mall products', async () => {
    const fresh = await createTestApp({ partners: { sandbox: false } })
    const db = fresh.db.db
    // As a catalog seeded before: no partner products, no record of this step.
    await db.deleteFrom('partner_products').execute()
    await db.deleteFrom('faqs').where('product_id', 'like', 'ht-%').execute()
    await db.deleteFrom('products').where('id', 'like', 'ht-%').execute()
    await db.deleteFrom('app_meta').where('key', '=', DEMO_PARTNER_PRODUCTS_KEY).execute()
    expect(await seedPartnerProducts(db)).toBe(true)
    expect(await seedPartnerProducts(db)).toBe(false)
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('partner_products as pp', 'pp.product_id', 'p.id')
      .select(['p.id', 'p.insurer_code', 'p.channel', 'pp.flow'])
      .orderBy('p.id')
      .execute()
    expect(rows).toEqual([
      { id: 'ht-accident', insurer_code: 'HT', channel: 'partner', flow: 'huatai' },
      { id: 'ht-air', insurer_code: 'HT', channel: 'partner', flow: 'airAccident' },
      { id: 'ht-regression', insurer_code: 'HT', channel: 'partner', flow: 'huatairegression' },
      { id: 'ht-travel', insurer_code: 'HT', channel: 'partner', flow: 'huataitravel' },
    ])
    const listed = await fresh.app.inject({ method: 'GET', url: '/api/products?limit=50' })
    const ids = listed.json<{ items: { id: string }[] }>().items.map((p) => p.id)
    expect(ids.length).toBeGreaterThan(20)
    expect(ids.filter((id) => id.startsWith('ht-')).sort()).toEqual([
      'ht-accident',
      'ht-air',
      'ht-regression',
      'ht-travel',
    ])
    await fresh.close()
  })
})
