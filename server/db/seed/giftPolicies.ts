import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { ProductSeed } from './products'
import { insertProduct } from './seed'

// The demo gift policies (赠险) the donated-insurance pages give away (/donateInsForA/accident, /property): zero
// premium, given only through a campaign (campaign_only: not listed, not sold), from a fictional insurer of the
// demo catalog. Loaded once per version of this list (app_meta), so an older data folder gets them too.

export const DEMO_GIFT_POLICIES_KEY = 'demo_gift_policies_v1_seeded_at'

const GIFT_SORT = 900

export const DEMO_GIFT_POLICIES: ProductSeed[] = [
  {
    id: 'p-gift-accident',
    name: '蓝鲸湾出行意外保障（赠险版）',
    tagline: '公共交通意外身故伤残保障，保障30天',
    category: 'accident',
    insurer: 'LJ',
    tags: ['意外', '赠险'],
    sales: 0,
    rating: 46,
    highlights: ['乘坐公共交通工具期间的意外保障', '意外医疗按实际费用报销', '无需健康告知'],
    ageMin: { years: 18 },
    ageMax: 60,
    waitingDays: 0,
    coolingOffDays: 0,
    coveragePeriods: ['30d'],
    paymentPeriods: ['single'],
    plans: [
      {
        code: 'gift',
        name: '赠送版',
        coverages: [
          ['公共交通意外身故/伤残', 100_000, '乘坐公共交通工具期间遭受意外伤害导致身故或伤残'],
          ['意外医疗', 5_000, '因意外伤害发生的合理必要医疗费用，0免赔，100%报销'],
        ],
        pricing: { kind: 'flat', byCoveragePeriod: { '30d': 0 } },
      },
    ],
  },
  {
    id: 'p-gift-home',
    name: '蓝鲸湾家财安心保障（赠险版）',
    tagline: '居家火灾、爆炸与管道破裂损失保障，保障1年',
    category: 'property',
    insurer: 'LJ',
    tags: ['财产', '赠险'],
    sales: 0,
    rating: 45,
    highlights: ['火灾、爆炸、雷击造成的房屋及室内财产损失', '管道破裂及水渍损失', '无需验房'],
    ageMin: { years: 18 },
    ageMax: 70,
    waitingDays: 0,
    coolingOffDays: 0,
    coveragePeriods: ['1y'],
    paymentPeriods: ['single'],
    plans: [
      {
        code: 'gift',
        name: '赠送版',
        coverages: [
          ['房屋主体及室内财产损失', 10_000, '因火灾、爆炸、雷击造成的直接损失'],
          ['管道破裂及水渍损失', 2_000, '自来水管道、暖气管道突然破裂造成的水渍损失'],
        ],
        pricing: { kind: 'flat', byCoveragePeriod: { '1y': 0 } },
      },
    ],
  },
]

/** Loads the gift policies a data folder lacks (once per version of the list); returns whether it ran. */
export async function seedDemoGiftPolicies(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_GIFT_POLICIES_KEY)
      .executeTakeFirst()
    if (done) return false
    const present = new Set(
      (
        await trx
          .selectFrom('products')
          .select('id')
          .where(
            'id',
            'in',
            DEMO_GIFT_POLICIES.map((p) => p.id),
          )
          .execute()
      ).map((row) => row.id),
    )
    for (const [i, product] of DEMO_GIFT_POLICIES.entries()) {
      if (present.has(product.id)) continue
      await insertProduct(trx, product, GIFT_SORT + i)
      await trx.updateTable('products').set({ campaign_only: true }).where('id', '=', product.id).execute()
    }
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_GIFT_POLICIES_KEY, value: now.toISOString() })
      .execute()
    return true
  })
}
