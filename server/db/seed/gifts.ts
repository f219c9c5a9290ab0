import type { Kysely } from 'kysely'
import type { DB } from '../schema'

// The demo points mall (fictional gifts), loaded once per version of this list (recorded in app_meta, apart
// from the catalog, so a data folder seeded before the mall existed gets it too); a later version adds only the
// gifts a data folder lacks and never touches those it has.

export const DEMO_GIFTS_KEY = 'demo_gifts_v2_seeded_at'

export const DEMO_GIFTS = [
  {
    id: 'g-health-check',
    name: '体检套餐5折券',
    kind: 'virtual',
    currency: 'point',
    price: 100,
    stock: 500,
    perUserLimit: 3,
    image: '/images/gifts/coupon.svg',
    codeValidDays: 90,
    description: '合作体检机构基础体检套餐5折券，兑换后获得兑换码，有效期90天。（演示礼品）',
  },
  {
    id: 'g-video-month',
    name: '视频会员月卡',
    kind: 'virtual',
    currency: 'point',
    price: 300,
    stock: 100,
    perUserLimit: 1,
    image: '/images/gifts/card.svg',
    codeValidDays: 30,
    description: '热门视频平台会员月卡，兑换后获得兑换码，请在30天内激活。（演示礼品）',
  },
  {
    id: 'g-umbrella',
    name: '国恒定制晴雨伞',
    kind: 'physical',
    currency: 'point',
    price: 800,
    stock: 20,
    perUserLimit: 1,
    image: '/images/gifts/umbrella.svg',
    codeValidDays: null,
    description: '自动开合晴雨两用伞。兑换后请填写收货地址，7个工作日内发货。（演示礼品）',
  },
  {
    id: 'g-cup',
    name: '保温杯',
    kind: 'physical',
    currency: 'point',
    price: 500,
    stock: 5,
    perUserLimit: 2,
    image: '/images/gifts/cup.svg',
    codeValidDays: null,
    description: '316不锈钢保温杯，350ml。兑换后请填写收货地址，7个工作日内发货。（演示礼品）',
  },
  {
    id: 'g-phone-credit',
    name: '5元话费券',
    kind: 'virtual',
    currency: 'bean',
    price: 40,
    stock: 200,
    perUserLimit: 1,
    image: '/images/gifts/coupon.svg',
    codeValidDays: 30,
    description: '用金豆兑换，兑换后获得充值码，可为任一手机号充值5元话费，有效期30天。（演示礼品）',
  },
] as const

/** Loads the demo gifts a data folder lacks, once per version of the list; returns whether it ran. */
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
          currency: g.currency,
          price: g.price,
          stock: g.stock,
          per_user_limit: g.perUserLimit,
          image: g.image,
          code_valid_days: g.codeValidDays,
          description: g.description,
          valid_until: null,
          sort,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    await trx.insertInto('app_meta').values({ key: DEMO_GIFTS_KEY, value: now.toISOString() }).execute()
    return true
  })
}
