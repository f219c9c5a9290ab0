import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_CYCLE_BEANS, SIGN_IN_LADDER } from '../../src/domain/signIn'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'

// Daily sign-in and the points ledger (/signIn, /points, /signInList): one sign-in per Asia/Shanghai day, the
// streak from yesterday only, the ladder's reward credited with a ledger row, per user. The races (20 at once,
// two processes) are in races.test.ts.
const DAY = 24 * 60 * 60 * 1000
// 2026-11-28 09:00 in Shanghai.
const clock = testClock(new Date('2026-11-28T01:00:00.000Z'))
let test: TestApp
let phones = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())

const newUser = () => loginAs(test.app, `1360000${String(++phones).padStart(4, '0')}`, `10.2.0.${phones}`)
const signIn = (cookie: string) =>
  test.app.inject({ method: 'POST', url: '/api/sign-in', headers: { cookie } })
const get = (url: string, cookie: string) => test.app.inject({ method: 'GET', url, headers: { cookie } })

describe('daily sign-in', () => {
  it('signs in once a day: the first earns day 1 of the ladder, the second is refused in Chinese', async () => {
    const cookie = await newUser()
    const first = await signIn(cookie)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      day: '2026-11-28',
      streak: 1,
      reward: SIGN_IN_LADDER[0],
      beans: 0,
      usable: 5,
    })
    const again = await signIn(cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_SIGNED_IN',
      message: '今天已经签到过了，明天再来吧',
    })
    const status = (await get('/api/sign-in', cookie)).json()
    expect(status).toMatchObject({
      today: '2026-11-28',
      signedToday: true,
      streak: 1,
      month: '2026-11',
      signedDays: ['2026-11-28'],
      todayReward: SIGN_IN_LADDER[0],
      tomorrowReward: SIGN_IN_LADDER[1],
      usable: 5,
    })
  })

  it('grows the streak day by day across the month end, pays the 7th-day bonus, and restarts after a gap', async () => {
    const cookie = await newUser()
    const rewards: number[] = []
    const beans: number[] = []
    const start = clock.now().getTime()
    for (let day = 0; day < 8; day++) {
      const res = await signIn(cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json().streak).toBe(day + 1)
      rewards.push(res.json().reward)
      beans.push(res.json().beans)
      clock.advance(DAY)
    }
    expect(rewards).toEqual([...SIGN_IN_LADDER, SIGN_IN_LADDER[0]])
    // The 7th day also earns the cycle's beans (金豆), in their own ledger.
    expect(beans).toEqual([0, 0, 0, 0, 0, 0, SIGN_IN_CYCLE_BEANS, 0])
    expect((await get('/api/points', cookie)).json().bean).toEqual({ usable: SIGN_IN_CYCLE_BEANS, frozen: 0 })
    expect((await get('/api/points/ledger?currency=bean', cookie)).json().items).toMatchObject([
      { currency: 'bean', kind: 'sign_in_bonus', title: '连续签到7天奖励', amount: SIGN_IN_CYCLE_BEANS },
    ])
    const total = rewards.reduce((a, b) => a + b, 0)
    // Today (the 9th day) is not signed yet: the streak stands at yesterday's, today would be day 9.
    const before = (await get('/api/sign-in', cookie)).json()
    expect(before).toMatchObject({
      signedToday: false,
      streak: 8,
      todayReward: SIGN_IN_LADDER[1],
      month: '2026-12',
    })
    expect(before.signedDays).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])
    const november = (await get('/api/sign-in?month=2026-11', cookie)).json()
    expect(november.signedDays).toEqual(['2026-11-28', '2026-11-29', '2026-11-30'])
    // A day missed: the streak breaks; the next sign-in is day 1 again.
    clock.advance(DAY)
    expect((await get('/api/sign-in', cookie)).json()).toMatchObject({
      streak: 0,
      todayReward: SIGN_IN_LADDER[0],
    })
    const restart = await signIn(cookie)
    expect(restart.json()).toMatchObject({
      streak: 1,
      reward: SIGN_IN_LADDER[0],
      usable: total + SIGN_IN_LADDER[0],
    })
    clock.advance(start - clock.now().getTime())
  })

  it('counts the day in Asia/Shanghai: 23:59 and 00:01 there are two days', async () => {
    const start = clock.now().getTime()
    clock.advance(Date.parse('2026-12-31T15:59:00.000Z') - start) // 23:59 on the 31st in Shanghai
    const cookie = await newUser()
    expect((await signIn(cookie)).json()).toMatchObject({ day: '2026-12-31', streak: 1 })
    clock.advance(2 * 60 * 1000) // 00:01 on 2027-01-01
    expect((await signIn(cookie)).json()).toMatchObject({ day: '2027-01-01', streak: 2 })
    clock.advance(start - clock.now().getTime())
  })

  it('needs a session, and takes only real months', async () => {
    expect((await test.app.inject({ method: 'POST', url: '/api/sign-in' })).statusCode).toBe(401)
    const cookie = await newUser()
    const bad = await get('/api/sign-in?month=2026-13', cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toMatch(/month/)
  })
})

describe('points', () => {
  it("shows each user only their own balance, this month's gain, and the ledger newest first in pages", async () => {
    const cookie = await newUser()
    const other = await newUser()
    const start = clock.now().getTime()
    for (let day = 0; day < 3; day++) {
      await signIn(cookie)
      clock.advance(DAY)
    }
    clock.advance(start - clock.now().getTime())
    const summary = (await get('/api/points', cookie)).json()
    expect(summary).toEqual({
      point: { usable: 20, frozen: 0 },
      bean: { usable: 0, frozen: 0 },
      monthGain: 20,
      monthSpend: 0,
      expiring: null,
    })
    expect((await get('/api/points', other)).json().point.usable).toBe(0)

    const first = (await get('/api/points/ledger?limit=2', cookie)).json()
    expect(first.items.map((e: { amount: number }) => e.amount)).toEqual([10, 5])
    expect(first.items[0]).toMatchObject({
      title: '每日签到',
      currency: 'point',
      kind: 'sign_in',
      usableAfter: 20,
    })
    const second = (await get(`/api/points/ledger?limit=2&cursor=${first.nextCursor}`, cookie)).json()
    expect(second).toMatchObject({ items: [{ amount: 5, usableAfter: 5 }], nextCursor: null })
    expect((await get('/api/points/ledger?direction=spend', cookie)).json().items).toEqual([])
    expect((await get('/api/points/ledger', other)).json().items).toEqual([])
    const forged = await get('/api/points/ledger?cursor=bm90LWEtY3Vyc29y', cookie)
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error.code).toBe('INVALID_CURSOR')
  })
})
