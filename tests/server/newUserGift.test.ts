import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponList } from '../../src/types/generated/api/campaign'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'

// The 新人礼包 of /newgift (the home banner's promise): "登录后自动发放". A user registered within 30 days finds it
// in 我的券 after logging in, once however many logins, grants and 领取 arrive at once; an older user gets nothing.
// The campaign is the page config's own (newgift-health, grantOnLogin).

const clock = testClock(new Date('2026-11-25T04:00:00.000Z')) // 2026-11-25 12:00 in Shanghai
const DAY = 86_400_000
let test: TestApp
let phones = 0
const nextPhone = () => `1366600${String(++phones).padStart(4, '0')}`

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test?.close())

const giftsOf = async (cookie: string) => {
  const list = await json(test.app, { method: 'GET', url: '/api/coupons', headers: { cookie } })
  expect(list.statusCode).toBe(200)
  return (list.json() as CouponList).items.filter((c) => c.campaignId === 'newgift-health')
}

describe('新人礼包 granted at login', () => {
  it('is in 我的券 after a new user logs in, valid 30 days, and a second login adds nothing', async () => {
    const phone = nextPhone()
    const cookie = await loginAs(test.app, phone)
    const gifts = await giftsOf(cookie)
    expect(gifts).toHaveLength(1)
    expect(gifts[0]).toMatchObject({
      name: '新人健康礼包',
      benefit: '在线问诊、体检预约等健康服务，价值50元',
      status: 'usable',
      campaignTitle: '新人健康礼包',
    })
    expect(Date.parse(gifts[0].validTo)).toBe(clock.now().getTime() + 30 * DAY)
    clock.advance(61_000) // the next code may be asked for after 60 s
    const again = await loginAs(test.app, phone)
    expect(await giftsOf(again)).toHaveLength(1)
    // The page's coupon block says so before any tap.
    const state = await json(test.app, {
      method: 'GET',
      url: '/api/campaigns/newgift-health',
      headers: { cookie: again },
    })
    expect(state.json()).toMatchObject({ chances: { leftTotal: 0 } })
  })

  it('is granted once when logins, grants and 领取 of one user arrive at once', async () => {
    const phone = nextPhone()
    // The user exists but has not logged in since the gift was promised.
    const userId = `u_parallel_${phones}`
    await test.db.db
      .insertInto('users')
      .values({
        id: userId,
        phone,
        nickname: '用户并发',
        avatar: null,
        real_name: null,
        id_number: null,
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute()
    const { token } = await test.app.services.sessions.create(userId)
    const cookie = `sid=${test.app.signCookie(token)}`
    await json(test.app, { method: 'POST', url: '/api/auth/sms-code', body: { phone } })
    const { code } = (
      await test.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })
    ).json<{ code: string }>()
    const answers = await Promise.all([
      json(test.app, {
        method: 'POST',
        url: '/api/auth/login',
        body: { phone, code, agreements: ['privacy', 'sensitive', 'service'] },
      }).then((r) => r.statusCode),
      ...Array.from({ length: 10 }, () =>
        json(test.app, {
          method: 'POST',
          url: '/api/campaigns/newgift-health/claims',
          body: {},
          headers: { cookie },
        }).then((r) => r.statusCode),
      ),
      ...Array.from({ length: 10 }, () =>
        test.app.services.giftCollections.grantOnLogin(userId).then(() => 200),
      ),
    ])
    expect(answers[0]).toBe(200)
    // Whoever came first gave it; every other 领取 was refused as already collected.
    expect(answers.slice(1, 11).filter((s) => s === 200).length).toBeLessThanOrEqual(1)
    expect(answers.slice(1, 11).filter((s) => s !== 200 && s !== 409)).toEqual([])
    expect(await giftsOf(cookie)).toHaveLength(1)
    const chances = await test.db.db
      .selectFrom('campaign_chances')
      .select('used')
      .where('campaign_id', '=', 'newgift-health')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(chances.used).toBe(1)
  })

  it('is not given to a user registered more than 30 days ago', async () => {
    const phone = nextPhone()
    await test.db.db
      .insertInto('users')
      .values({
        id: `u_old_${phones}`,
        phone,
        nickname: '老用户',
        avatar: null,
        real_name: null,
        id_number: null,
        created_at: new Date(clock.now().getTime() - 31 * DAY),
        updated_at: clock.now(),
      })
      .execute()
    clock.advance(61_000)
    const cookie = await loginAs(test.app, phone, '10.0.0.2')
    expect(await giftsOf(cookie)).toHaveLength(0)
  })
})
