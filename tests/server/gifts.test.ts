import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Exchange, GiftList } from '../../src/types/generated/api/gift'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry } from './idempotencyCrash'

// The points mall: the price frozen and the stock taken in the exchange's transaction; a virtual gift handed
// over at once with a code, a physical one shipped once addressed or cancelled back; limits, balances never below
// zero, every move in the ledger. The parallel cases are in races.test.ts.
let test: TestApp
let users = 0
const faults = { loseAnswerOnSend: false }
const clock = testClock()

beforeAll(async () => {
  test = await createTestApp({ idempotencyFaults: faults, now: clock.now })
})
afterAll(async () => test.close())

async function userWith(points: number, currency: 'point' | 'bean' = 'point'): Promise<string> {
  users += 1
  const cookie = await loginAs(test.app, `1362000${String(users).padStart(4, '0')}`, `10.5.0.${users}`)
  const me = (await test.app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>()
  if (points > 0)
    await test.db.db.transaction().execute((trx) =>
      test.app.services.points.credit(trx, {
        userId: me.id,
        currency,
        amount: points,
        kind: 'sign_in',
        reference: 'test',
      }),
    )
  return cookie
}

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
  json(test.app, { method, url, headers: { cookie, ...headers }, body })
const balance = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/points')).json<{ point: { usable: number; frozen: number } }>().point
const stockOf = async (id: string) =>
  (await test.app.inject({ url: '/api/gifts' })).json<GiftList>().items.find((g) => g.id === id)?.stock

describe('points mall', () => {
  it('lists the gifts to anyone, and finds one by its name', async () => {
    const list = (await test.app.inject({ url: '/api/gifts' })).json<GiftList>()
    expect(list.items.map((g) => g.name)).toEqual([
      '体检套餐5折券',
      '视频会员月卡',
      '国恒定制晴雨伞',
      '保温杯',
      '5元话费券',
    ])
    const gift = await test.app.inject({ url: `/api/gifts/by-name/${encodeURIComponent('保温杯')}` })
    expect(gift.json()).toMatchObject({ id: 'g-cup', kind: 'physical', price: 500, perUserLimit: 2 })
    const missing = await test.app.inject({ url: `/api/gifts/by-name/${encodeURIComponent('不存在的礼品')}` })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('礼品不存在')
  })

  it('hands a virtual gift over at once with a code, spends the points, and holds the per-user limit', async () => {
    const cookie = await userWith(1000)
    const before = await stockOf('g-health-check')
    const first = await call(cookie, 'POST', '/api/gifts/g-health-check/exchange')
    expect(first.statusCode).toBe(200)
    expect(first.json<Exchange>()).toMatchObject({ status: 'FULFILLED', price: 100, address: null })
    expect(first.json<Exchange>().code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    expect(await balance(cookie)).toEqual({ usable: 900, frozen: 0 })
    expect(await stockOf('g-health-check')).toBe((before ?? 0) - 1)
    for (let i = 0; i < 2; i++)
      expect((await call(cookie, 'POST', '/api/gifts/g-health-check/exchange')).statusCode).toBe(200)
    const fourth = await call(cookie, 'POST', '/api/gifts/g-health-check/exchange')
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json().error).toMatchObject({
      code: 'GIFT_LIMIT_REACHED',
      message: '该礼品每人限兑 3 份，您已兑换过',
    })
    expect(await balance(cookie)).toEqual({ usable: 700, frozen: 0 })
    const ledger = (await call(cookie, 'GET', '/api/points/ledger?direction=spend')).json<{
      items: { title: string; amount: number }[]
    }>()
    expect(ledger.items.map((e) => [e.title, e.amount])).toEqual([
      ['兑换礼品', -100],
      ['兑换礼品', -100],
      ['兑换礼品', -100],
    ])
    // Each handed-over gift tells the user, linking to its exchange.
    const told = (await call(cookie, 'GET', '/api/messages?category=activity')).json<{
      items: { kind: string; title: string; target: { kind: string; id: string } }[]
    }>().items
    expect(told.filter((m) => m.kind === 'exchange_fulfilled')).toHaveLength(3)
    expect(told[2]).toMatchObject({
      title: '兑换成功',
      target: { kind: 'exchange', id: first.json<Exchange>().id },
    })
  })

  it('spends beans (金豆) on a gift priced in beans, never points', async () => {
    const rich = await userWith(1000)
    const short = await call(rich, 'POST', '/api/gifts/g-phone-credit/exchange')
    expect(short.statusCode).toBe(409)
    expect(await balance(rich)).toEqual({ usable: 1000, frozen: 0 })
    const cookie = await userWith(40, 'bean')
    const done = await call(cookie, 'POST', '/api/gifts/g-phone-credit/exchange')
    expect(done.json<Exchange>()).toMatchObject({ status: 'FULFILLED', currency: 'bean', price: 40 })
    const summary = (await call(cookie, 'GET', '/api/points')).json()
    expect(summary.bean).toEqual({ usable: 0, frozen: 0 })
    const ledger = (await call(cookie, 'GET', '/api/points/ledger?currency=bean&direction=spend')).json()
    expect(ledger.items).toMatchObject([{ title: '兑换礼品', amount: -40 }])
  })

  it('refuses an exchange the points cannot pay, taking nothing', async () => {
    const cookie = await userWith(299)
    const before = await stockOf('g-video-month')
    const res = await call(cookie, 'POST', '/api/gifts/g-video-month/exchange')
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: '积分不足：兑换需要 300 积分',
    })
    expect(await balance(cookie)).toEqual({ usable: 299, frozen: 0 })
    expect(await stockOf('g-video-month')).toBe(before)
  })

  it('freezes a physical gift until its address, then spends it; or cancels it back', async () => {
    const cookie = await userWith(1000)
    const shipped = (await call(cookie, 'POST', '/api/gifts/g-cup/exchange')).json<Exchange>()
    expect(shipped.status).toBe('AWAITING_ADDRESS')
    expect(await balance(cookie)).toEqual({ usable: 500, frozen: 500 })
    const bad = await call(cookie, 'POST', `/api/exchanges/${shipped.id}/address`, {
      name: '张三',
      phone: '12345',
      address: '上海市浦东新区世纪大道100号',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('phone')
    // A lone UTF-16 surrogate is no character (PostgreSQL's jsonb refuses it): a 400 naming the field.
    const broken = await call(cookie, 'POST', `/api/exchanges/${shipped.id}/address`, {
      name: '张\ud800',
      phone: '13800001111',
      address: '上海市浦东新区世纪大道100号',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().error.details).toEqual([
      { field: 'name', message: '收件人（name）不能包含控制字符或无效字符' },
    ])
    const done = await call(cookie, 'POST', `/api/exchanges/${shipped.id}/address`, {
      name: '张三',
      phone: '13800001111',
      address: '上海市浦东新区世纪大道100号',
    })
    expect(done.json<Exchange>()).toMatchObject({ status: 'FULFILLED', address: { name: '张三' } })
    expect(await balance(cookie)).toEqual({ usable: 500, frozen: 0 })
    const [told] = (await call(cookie, 'GET', '/api/messages')).json<{ items: { body: string }[] }>().items
    expect(told.body).toBe('您兑换的「保温杯」已确认收货地址，将于 7 个工作日内发货。')
    const late = await call(cookie, 'POST', `/api/exchanges/${shipped.id}/cancel`)
    expect(late.json().error).toMatchObject({
      code: 'EXCHANGE_SETTLED',
      message: '该兑换已完成，无需再次操作',
    })

    const stock = await stockOf('g-cup')
    const cancelled = (await call(cookie, 'POST', '/api/gifts/g-cup/exchange')).json<Exchange>()
    expect(await balance(cookie)).toEqual({ usable: 0, frozen: 500 })
    const back = await call(cookie, 'POST', `/api/exchanges/${cancelled.id}/cancel`)
    expect(back.json<Exchange>().status).toBe('CANCELLED')
    expect(await balance(cookie)).toEqual({ usable: 500, frozen: 0 })
    expect(await stockOf('g-cup')).toBe(stock)
    const ledger = (await call(cookie, 'GET', '/api/points/ledger?limit=1')).json<{
      items: { title: string; amount: number }[]
    }>()
    expect(ledger.items[0]).toMatchObject({ title: '取消兑换退回', amount: 500 })
    // Exchanges are the user's own.
    const other = await userWith(0)
    expect((await call(other, 'GET', `/api/exchanges/${cancelled.id}`)).statusCode).toBe(404)
    expect((await call(other, 'GET', '/api/exchanges')).json().items).toEqual([])
    expect((await call(cookie, 'GET', '/api/exchanges')).json().items).toHaveLength(2)
  })

  it('exchanges once for one Idempotency-Key, however often it is sent', async () => {
    const cookie = await userWith(1000)
    const key = { 'Idempotency-Key': 'exchange-once-1' }
    const first = (
      await call(cookie, 'POST', '/api/gifts/g-health-check/exchange', undefined, key)
    ).json<Exchange>()
    const again = (
      await call(cookie, 'POST', '/api/gifts/g-health-check/exchange', undefined, key)
    ).json<Exchange>()
    expect(again.id).toBe(first.id)
    expect(await balance(cookie)).toEqual({ usable: 900, frozen: 0 })
    expect((await test.app.inject({ method: 'POST', url: '/api/gifts/g-cup/exchange' })).statusCode).toBe(401)
  })

  it('exchanges once when the process dies between the exchange and its answer, and the key is sent again', async () => {
    const cookie = await userWith(1000)
    await crashThenRetry({ db: test.db, faults }, 'exchange-crash-1', (headers) =>
      call(cookie, 'POST', '/api/gifts/g-cup/exchange', undefined, headers),
    )
    expect(await balance(cookie)).toEqual({ usable: 500, frozen: 500 })
    expect((await call(cookie, 'GET', '/api/exchanges')).json<{ items: Exchange[] }>().items).toHaveLength(1)
  })
})

describe('exchanged codes', () => {
  // Last in the file: it moves the clock past the codes' expiry.
  it('carry the expiry their gift promises, and read 已过期 once it has passed', async () => {
    const cookie = await userWith(1000)
    const checkup = (await call(cookie, 'POST', '/api/gifts/g-health-check/exchange')).json<Exchange>()
    expect(checkup.codeStatus).toBe('usable')
    expect(Date.parse(checkup.codeValidTo!) - Date.parse(checkup.createdAt)).toBe(90 * 86_400_000)
    const video = (await call(cookie, 'POST', '/api/gifts/g-video-month/exchange')).json<Exchange>()
    expect(Date.parse(video.codeValidTo!) - Date.parse(video.createdAt)).toBe(30 * 86_400_000)
    // A physical gift has no code to expire.
    const cup = (await call(cookie, 'POST', '/api/gifts/g-cup/exchange')).json<Exchange>()
    expect(cup).toMatchObject({ code: null, codeValidTo: null, codeStatus: null })

    clock.advance(31 * 86_400_000)
    // A month on, the session has ended too: the same phone logs in again.
    const again = await loginAs(test.app, `1362000${String(users).padStart(4, '0')}`, `10.5.0.${users}`)
    const mine = (await call(again, 'GET', '/api/exchanges')).json<{ items: Exchange[] }>().items
    expect(mine.map((e) => [e.giftName, e.codeStatus])).toEqual([
      ['保温杯', null],
      ['视频会员月卡', 'expired'],
      ['体检套餐5折券', 'usable'],
    ])
  })
})
