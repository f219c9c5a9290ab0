import type { Kysely } from 'kysely'
import type { DB } from '../schema'

// The demo consultants. Every person and every licence number is invented (the numbers have the 26-digit shape
// of a 执业证编号 but belong to nobody); the intros say so. Loaded once per version of this list (app_meta).

export const DEMO_CONSULTANTS_KEY = 'demo_consultants_v1_seeded_at'

export const DEMO_CONSULTANTS = [
  {
    id: 'c-lin-yue',
    name: '林悦',
    licenceNo: '02000144030080002019000318',
    years: 9,
    specialities: ['高端医疗', '重疾险', '家庭保障规划'],
    ratingTenths: 49,
    served: 1260,
    intro: '曾任三甲医院健康管理师，擅长结合家族病史和预算为家庭配置医疗与重疾保障。（演示顾问，信息虚构）',
  },
  {
    id: 'c-zhou-hang',
    name: '周航',
    licenceNo: '02000131010080002016001127',
    years: 12,
    specialities: ['年金', '养老规划', '寿险'],
    ratingTenths: 48,
    served: 2130,
    intro: '专注养老与传承规划，帮助客户测算退休现金流，讲清保证利益与演示利益的区别。（演示顾问，信息虚构）',
  },
  {
    id: 'c-chen-xi',
    name: '陈茜',
    licenceNo: '02000144010080002020004506',
    years: 6,
    specialities: ['少儿保险', '教育金', '意外险'],
    ratingTenths: 48,
    served: 870,
    intro: '两个孩子的妈妈，熟悉少儿医疗、意外和教育金产品，善于用通俗的话讲条款。（演示顾问，信息虚构）',
  },
  {
    id: 'c-wang-chenggang',
    name: '王承刚',
    licenceNo: '02000111010080002014000872',
    years: 15,
    specialities: ['企业主保障', '寿险', '税务与传承'],
    ratingTenths: 47,
    served: 1840,
    intro:
      '服务过数百位企业主家庭，擅长梳理家庭与企业资产风险，搭配定期寿险与终身寿险。（演示顾问，信息虚构）',
  },
  {
    id: 'c-he-jing',
    name: '何静',
    licenceNo: '02000133010080002021002239',
    years: 5,
    specialities: ['百万医疗', '理赔协助', '惠民保'],
    ratingTenths: 49,
    served: 640,
    intro: '理赔岗出身，熟悉各类医疗险的理赔材料与流程，可协助整理就诊票据。（演示顾问，信息虚构）',
  },
  {
    id: 'c-xu-mingyuan',
    name: '许明远',
    licenceNo: '02000151010080002018003375',
    years: 8,
    specialities: ['旅行险', '财产险', '意外险'],
    ratingTenths: 46,
    served: 980,
    intro: '常年服务出境学习与商旅人群，擅长旅行、家财和意外保障的组合配置。（演示顾问，信息虚构）',
  },
] as const

/** Loads the demo consultants a data folder lacks, once per version of the list; returns whether it ran. */
export async function seedDemoConsultants(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', DEMO_CONSULTANTS_KEY)
      .executeTakeFirst()
    if (done) return false
    await trx
      .insertInto('consultants')
      .values(
        DEMO_CONSULTANTS.map((c, sort) => ({
          id: c.id,
          name: c.name,
          photo: `/images/consultants/${c.id}.svg`,
          licence_no: c.licenceNo,
          years: c.years,
          specialities: JSON.stringify(c.specialities),
          rating_tenths: c.ratingTenths,
          served: c.served,
          intro: c.intro,
          sort,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    await trx.insertInto('app_meta').values({ key: DEMO_CONSULTANTS_KEY, value: now.toISOString() }).execute()
    return true
  })
}
