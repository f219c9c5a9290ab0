import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawMessage, pickPrize, unitFromMac } from '../../src/domain/campaigns'
import type { CampaignState, DrawResult } from '../../src/types/generated/api/campaign'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'

// A lottery declared in a page config, run by the server: chances per day and in total, prizes only while they
// have stock (and room under the day's cap), points to the ledger, every draw recomputable from the seed that is
// published as a hash at the start and revealed after the end. (Many draws at once, across two processes on
// PostgreSQL: campaignRace.test.ts.)

const clock = testClock(new Date('2027-01-01T04:00:00.000Z')) // 2027-01-01 12:00 in Shanghai
let test: TestApp
let users = 0

const lottery = (extra: Partial<Campaign> = {}): Campaign => ({
  kind: 'lottery',
  title: '新春抽奖',
  window: { startAt: '2027-01-01T10:00:00+08:00', endAt: '2027-01-10T00:00:00+08:00' },
  limits: { perUserTotal: 3, perUserPerDay: 2 },
  prizes: [
    {
      id: 'gift',
      name: '定制保温杯',
      weight: 30,
      stock: 2,
      reward: { kind: 'coupon', benefit: '保温杯兑换', validDays: 30 },
    },
    { id: 'pts', name: '5积分', weight: 50, dailyCap: 3, stock: 100, reward: { kind: 'points', amount: 5 } },
    { id: 'thanks', name: '谢谢参与', weight: 20, reward: { kind: 'nothing' } },
  ],
  ...extra,
})

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
  await registerCampaign(
    test.db.db,
    { id: 'spring-draw', file: 'page-configs/test.json', campaign: lottery() },
    clock.now(),
  )
})
afterAll(async () => test.close())

async function user() {
  users += 1
  return loginAs(test.app, `1362000${String(users).padStart(4, '0')}`, `10.14.0.${users}`)
}
const draw = (cookie: string, id = 'spring-draw', key?: string) =>
  json(test.app, {
    method: 'POST',
    url: `/api/campaigns/${id}/draws`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
  })
const state = async (cookie?: string, id = 'spring-draw') =>
  (
    await json(test.app, { url: `/api/campaigns/${id}`, headers: cookie ? { cookie } : {} })
  ).json<CampaignState>()

/** The draw recomputed from the revealed seed, as /activity/fairness does. */
const recompute = (seed: string, userId: string, d: DrawResult['draw']) =>
  pickPrize(
    unitFromMac(
      createHmac('sha256', Buffer.from(seed, 'hex'))
        .update(drawMessage('spring-draw', userId, d.seq))
        .digest(),
    ),
    d.available,
  )

describe('a lottery campaign', () => {
  it('shows a visitor the prizes and the seed’s hash, never the seed while it runs', async () => {
    const s = await state()
    expect(s).toMatchObject({ id: 'spring-draw', status: 'live', chances: null, seed: null, draws: [] })
    expect(s.seedHash).toMatch(/^[0-9a-f]{64}$/)
    expect(s.prizes.map((p) => [p.id, p.left])).toEqual([
      ['gift', 2],
      ['pts', 100],
      ['thanks', null],
    ])
    expect(
      (await json(test.app, { method: 'POST', url: '/api/campaigns/spring-draw/draws' })).statusCode,
    ).toBe(401)
    expect((await json(test.app, { url: '/api/campaigns/no-such-campaign' })).statusCode).toBe(404)
  })

  it('gives 2 draws a day and 3 in all, then says which limit was reached, in Chinese', async () => {
    const cookie = await user()
    expect((await state(cookie)).chances).toEqual({ left: 2, leftTotal: 3 })
    expect((await draw(cookie)).statusCode).toBe(200)
    const second = (await draw(cookie)).json<DrawResult>()
    expect(second.chances).toEqual({ left: 0, leftTotal: 1 })
    const third = await draw(cookie)
    expect(third.statusCode).toBe(409)
    expect(third.json().error).toMatchObject({
      code: 'NO_CHANCES',
      message: '今日抽奖次数已用完，明天再来吧',
    })
    clock.advance(86_400_000)
    expect((await draw(cookie)).statusCode).toBe(200)
    clock.advance(86_400_000)
    expect((await draw(cookie)).json().error.message).toBe('您的抽奖次数已用完')
    expect((await state(cookie)).draws.map((d) => d.seq)).toEqual([3, 2, 1])
  })

  it('awards a prize only while it has stock, credits points, and one key makes one draw', async () => {
    const results: { userId: string; draw: DrawResult['draw'] }[] = []
    for (let i = 0; i < 6; i++) {
      const cookie = await user()
      const me = (await json(test.app, { url: '/api/me', headers: { cookie } })).json<{ id: string }>()
      const once = await draw(cookie, 'spring-draw', `key-${i}-abcdef0123456789`)
      const again = await draw(cookie, 'spring-draw', `key-${i}-abcdef0123456789`)
      expect(again.json()).toEqual(once.json())
      results.push({ userId: me.id, draw: once.json<DrawResult>().draw })
      const second = (await draw(cookie)).json<DrawResult>()
      results.push({ userId: me.id, draw: second.draw })
      const points = (await json(test.app, { url: '/api/points', headers: { cookie } })).json<{
        point: { usable: number }
      }>().point
      const won = [once.json<DrawResult>().draw, second.draw].filter((d) => d.prizeId === 'pts').length
      expect(points.usable).toBe(won * 5)
    }
    const s = await state()
    const gifts = await test.db.db
      .selectFrom('campaign_draws')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', 'spring-draw')
      .where('prize_id', '=', 'gift')
      .executeTakeFirstOrThrow()
    expect(Number(gifts.n)).toBeLessThanOrEqual(2)
    expect(s.prizes.find((p) => p.id === 'gift')?.left).toBe(2 - Number(gifts.n))
    // The day's cap of 3 point prizes holds for the day (a new day opens it again).
    const today = await test.db.db
      .selectFrom('campaign_prize_days')
      .selectAll()
      .where('campaign_id', '=', 'spring-draw')
      .where('prize_id', '=', 'pts')
      .execute()
    for (const day of today) expect(day.awarded).toBeLessThanOrEqual(3)

    // After the end the seed is revealed; it matches the hash, and every draw recomputes to its result.
    clock.advance(10 * 86_400_000)
    const ended = await state()
    expect(ended.status).toBe('ended')
    expect(
      createHash('sha256')
        .update(Buffer.from(ended.seed as string, 'hex'))
        .digest('hex'),
    ).toBe(ended.seedHash)
    for (const r of results)
      expect(recompute(ended.seed as string, r.userId, r.draw), r.draw.id).toBe(r.draw.prizeId)
    // 谢谢参与 is drawn like a prize but is not a win.
    for (const r of results) expect(r.draw.won).toBe(r.draw.prizeId === 'gift' || r.draw.prizeId === 'pts')
    const late = await draw(await user())
    expect(late.json().error).toMatchObject({ code: 'CAMPAIGN_CLOSED', message: '活动已结束' })
  })

  it('refuses a config that lowers a prize’s stock below what it has awarded, naming the campaign', async () => {
    const awarded = await test.db.db
      .selectFrom('campaign_prizes')
      .select('awarded')
      .where('campaign_id', '=', 'spring-draw')
      .where('prize_id', '=', 'pts')
      .executeTakeFirstOrThrow()
    expect(awarded.awarded).toBeGreaterThan(0)
    const lowered = lottery()
    if (lowered.prizes) lowered.prizes[1] = { ...lowered.prizes[1], stock: awarded.awarded - 1 }
    await expect(
      registerCampaign(
        test.db.db,
        { id: 'spring-draw', file: 'page-configs/test.json', campaign: lowered },
        clock.now(),
      ),
    ).rejects.toThrow(
      `活动 spring-draw（page-configs/test.json）的奖品 pts 库存不能改为 ${awarded.awarded - 1}`,
    )
    // Another file may not take the id.
    await expect(
      registerCampaign(
        test.db.db,
        { id: 'spring-draw', file: 'page-configs/other.json', campaign: lottery() },
        clock.now(),
      ),
    ).rejects.toThrow('活动编号 spring-draw 已被 page-configs/test.json 使用')
    const audit = await test.db.db
      .selectFrom('campaign_audit')
      .select('action')
      .where('campaign_id', '=', 'spring-draw')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['register'])
  })

  it('lets only eligible users take part', async () => {
    await registerCampaign(
      test.db.db,
      {
        id: 'verified-only',
        file: 'page-configs/test2.json',
        campaign: lottery({
          window: { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-12-31T00:00:00+08:00' },
          eligibility: { realName: true },
        }),
      },
      clock.now(),
    )
    const refused = await draw(await user(), 'verified-only')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      code: 'NOT_ELIGIBLE',
      message: '完成实名认证后才能参与本活动',
    })
  })
})
