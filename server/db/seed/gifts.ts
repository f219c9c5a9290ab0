import type { Kysely } from 'kysely'
import type { DB } from '../schema'

// The demo points mall (fictional gifts), loaded once (recorded in app_meta, apart from the catalog, so a data
// folder seeded before the mall existed gets it too).

export const DEMO_GIFTS_KEY = 'demo_gifts_seeded_at'

export const DEMO_GIFTS = [
  {
    id: 'g-health-check',
    name: '体检套餐5折券',
    kind: 'virtual',
    price: 100,
    stock: 500,
    perUserLimit: 3,
    image: '/images/gifts/coupon.svg',
    description: '合作体检机构基础体检套餐5折券，兑换后获得兑换码，有效期90天。（演示礼品）',
  },
  {
    id: 'g-video-month',
    name: '视频会员月卡',
    kind: 'virtual',
    price: 300,
    stock: 100,
    perUserLimit: 1,
    image: '/images/gifts/card.svg',
    description: '热门视频平台会员月卡，兑换后获得兑换码，请在30天内激活。（演示礼品）',
  },
  {
    id: 'g-umbrella',
    name: '国恒定制晴雨伞',
    kind: 'physical',
    price: 800,
    stock: 20,
    perUserLimit: 1,
    image: '/images/gifts/umbrella.svg',
    description: '自动开合晴雨两用伞。兑换后请填写收货地址，7个工作日内发货。（演示礼品）',
  },
  {
    id: 'g-cup',
    name: '保温杯',
    kind: 'physical',
    price: 500,
    stock: 5,
    perUserLimit: 2,
    image: '/images/gifts/cup.svg',
    description: '316不锈钢保温杯，350ml。兑换后请填写收货地址，7个工作日内发货。（演示礼品）',
  },
] as const

/** Loads the demo gifts once; returns whether it ran. */
export async function seedDemoGifts(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_GIFTS_KEY)
      .executeTakeFirst()
    if (done) return false
    await trx
      .insertInto('gifts')
      .values(
        DEMO_GIFTS.map((g, sort) => ({
          id: g.id,
          name: g.name,
          kind: g.kind,
          currency: 'point' as const,
          price: g.price,
          stock: g.stock,
          per_user_limit: g.perUserLimit,
          image: g.image,
          description: g.description,
          valid_until: null,
          sort,
        })),
      )
      .execute()
    await trx.insertInto('app_meta').values({ key: DEMO_GIFTS_KEY, value: now.toISOString() }).execute()
    return true
  })
}
