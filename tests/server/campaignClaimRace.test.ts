import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksumChar } from '../../src/domain/certificate'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'

// Claims under a spike, spread over two server processes on one PostgreSQL in CI (scripts/with-postgres.sh): the
// last coupons go to exactly as many claims as there are coupons, a user's limit holds however many of their
// claims arrive at once, and one certificate gets one gift policy whoever asks for it how often.

const USERS = 50
let c: RaceCluster
const cookies: string[] = []
const WINDOW = { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' }

const coupon = (stock: number, limits: Campaign['limits']): Campaign => ({
  kind: 'coupon',
  title: '停车券抢领测试',
  window: WINDOW,
  limits,
  prizes: [
    {
      id: 'parking',
      name: '停车券',
      weight: 1,
      stock,
      reward: { kind: 'coupon', benefit: '合作停车场2小时停车', validDays: 30 },
    },
  ],
})

const gift: Campaign = {
  kind: 'gift-claim',
  title: '赠险并发测试',
  window: WINDOW,
  limits: { perUserTotal: 1 },
  prizes: [
    {
      id: 'policy',
      name: '出行意外保障',
      weight: 1,
      stock: 100,
      reward: { kind: 'gift-policy', productId: 'p-gift-accident', planCode: 'gift' },
    },
  ],
  fields: [
    { key: 'name', kind: 'name', label: '姓名' },
    { key: 'cert', kind: 'certificate', label: '证件' },
    { key: 'mobile', kind: 'phone', label: '手机号' },
    { key: 'agree', kind: 'agreement', label: '我已阅读并同意保险条款' },
  ],
}

const login = (i: number) =>
  c.login(i, `1394${String(i).padStart(7, '0')}`, `10.160.${Math.floor(i / 200)}.${i % 200}`)

const byStatus = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {})

beforeAll(async () => {
  c = await startRaceCluster()
  const now = new Date()
  await registerCampaign(
    c.db,
    { id: 'last-coupons', file: 'page-configs/race1.json', campaign: coupon(10, { perUserTotal: 2 }) },
    now,
  )
  await registerCampaign(
    c.db,
    { id: 'one-user-limit', file: 'page-configs/race2.json', campaign: coupon(1000, { perUserTotal: 3 }) },
    now,
  )
  await registerCampaign(c.db, { id: 'one-cert-gift', file: 'page-configs/race3.json', campaign: gift }, now)
  for (let batch = 0; batch < USERS; batch += 10)
    cookies.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => login(batch + i)))))
}, 180_000)
afterAll(async () => c?.close())

describe('claims under a spike', () => {
  it('gives the last 10 coupons to exactly 10 of 100 claims from 50 users', async () => {
    const started = performance.now()
    const answers = await c.race(USERS * 2, (i) =>
      c.send(i, 'POST', '/api/campaigns/last-coupons/claims', {
        cookie: cookies[i % USERS],
        body: {},
        ip: `10.161.0.${i % 200}`,
      }),
    )
    expect(byStatus(answers)).toEqual({ 200: 10, 409: 90 })
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.error?.message === '券已领完，下次早点来'),
    ).toBe(true)
    const coupons = await c.db
      .selectFrom('coupons')
      .select(['user_id', 'code'])
      .where('campaign_id', '=', 'last-coupons')
      .execute()
    expect(coupons).toHaveLength(10)
    expect(new Set(coupons.map((x) => x.code)).size).toBe(10)
    const prize = await c.db
      .selectFrom('campaign_prizes')
      .select('awarded')
      .where('campaign_id', '=', 'last-coupons')
      .executeTakeFirstOrThrow()
    expect(prize.awarded).toBe(10)
    // A refused claim took no chance: what users used is what they got.
    const used = await c.db
      .selectFrom('campaign_chances')
      .select((eb) => eb.fn.sum<string>('used').as('n'))
      .where('campaign_id', '=', 'last-coupons')
      .executeTakeFirstOrThrow()
    expect(Number(used.n)).toBe(10)
    console.info(
      `[claims race] ${c.kind} (${c.bases.length} processes): 100 claims in ${(performance.now() - started).toFixed(0)} ms`,
    )
  }, 120_000)

  it('holds one user’s limit of 3 against 20 claims at once', async () => {
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', '/api/campaigns/one-user-limit/claims', { cookie: cookies[0], body: {} }),
    )
    expect(byStatus(answers)).toEqual({ 200: 3, 409: 17 })
    const coupons = await c.db
      .selectFrom('coupons')
      .select('id')
      .where('campaign_id', '=', 'one-user-limit')
      .execute()
    expect(coupons).toHaveLength(3)
  }, 120_000)

  it('issues one gift policy for 10 parallel claims of one certificate', async () => {
    const first17 = '11010119900101777'
    const cert = first17 + checksumChar(first17)
    // Each of 10 users verifies a phone of their own, then all claim for the same person at once.
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const mobile = `1395${String(i).padStart(7, '0')}`
        const sent = await c.send(i, 'POST', '/api/campaigns/one-cert-gift/sms-code', {
          cookie: cookies[i],
          body: { phone: mobile },
          ip: `10.162.0.${i}`,
        })
        if (sent.status !== 200) throw new Error(`form code ${sent.status} ${JSON.stringify(sent.body)}`)
        const { code } = (await c.send(i, 'GET', `/api/dev/sms-outbox?phone=${mobile}`)).body as {
          code: string
        }
        return {
          fields: { name: '钱七', cert: { type: 'ID_CARD', number: cert }, mobile, agree: true },
          smsCode: code,
        }
      }),
    )
    const answers = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/campaigns/one-cert-gift/claims', { cookie: cookies[i], body: bodies[i] }),
    )
    expect(byStatus(answers)).toEqual({ 200: 1, 409: 9 })
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.error?.code === 'ALREADY_CLAIMED'),
    ).toBe(true)
    const policies = await c.db
      .selectFrom('policies')
      .select('id')
      .where('product_id', '=', 'p-gift-accident')
      .execute()
    expect(policies).toHaveLength(1)
    const orders = await c.db
      .selectFrom('orders')
      .select('status')
      .where('product_id', '=', 'p-gift-accident')
      .execute()
    expect(orders).toEqual([{ status: 'ISSUED' }])
    const prize = await c.db
      .selectFrom('campaign_prizes')
      .select('awarded')
      .where('campaign_id', '=', 'one-cert-gift')
      .executeTakeFirstOrThrow()
    expect(prize.awarded).toBe(1)
  }, 120_000)
})
