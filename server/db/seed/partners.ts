import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { INSURERS } from './insurers'
import { PARTNER_PRODUCTS } from './partnerProducts'
import { PRODUCTS } from './products'
import { insertProduct } from './seed'

export const DEMO_PARTNER_PRODUCTS_KEY = 'demo_partner_products_seeded_at'

/**
 * The partner insurer (华汀保险) and its four API products, once (recorded in app_meta), in one transaction. They
 * came after the first catalog, so a data folder seeded before gets them too; they sort after the mall's own.
 */
export async function seedPartnerProducts(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('key')
      .where('key', '=', DEMO_PARTNER_PRODUCTS_KEY)
      .executeTakeFirst()
    if (done) return false
    const ht = INSURERS.find((i) => i.code === 'HT')
    if (!ht) throw new Error('the partner insurer HT is missing from INSURERS')
    await trx
      .insertInto('insurers')
      .values({
        code: ht.code,
        name: ht.name,
        short_name: ht.shortName,
        logo: `/images/insurers/${ht.code.toLowerCase()}.svg`,
        sort: INSURERS.indexOf(ht),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
    for (const [i, p] of PARTNER_PRODUCTS.entries()) {
      await insertProduct(trx, p, PRODUCTS.length + i)
      await trx.updateTable('products').set({ channel: 'partner' }).where('id', '=', p.id).execute()
      await trx
        .insertInto('partner_products')
        .values({
          product_id: p.id,
          partner: p.partner,
          flow: p.flow,
          partner_product_type: p.partnerProductType,
          occupation_required: p.occupationRequired,
          holder_occupation_required: p.holderOccupationRequired,
          refused_occupation_classes: JSON.stringify(p.refusedOccupationClasses),
          issue_deadline: p.issueDeadline.rule,
          issue_within_minutes: p.issueDeadline.withinMinutes,
        })
        .execute()
    }
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_PARTNER_PRODUCTS_KEY, value: now.toISOString() })
      .execute()
    return true
  })
}
