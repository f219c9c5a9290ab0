import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart, CartItem, CartItemInput } from '../../src/types/generated/api/cart'
import type { Quote } from '../../src/types/generated/api/quote'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { MEDICAL } from './ordersFlow'

// The shopping cart: the server prices what is added, keeps one row per plan and insured, re-quotes on every
// read (showing the old and new price), merges the device's guest cart at login, and shows a user only their own.
let test: TestApp
let users = 0
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())

async function user(): Promise<string> {
  users += 1
  return loginAs(test.app, `1363000${String(users).padStart(4, '0')}`, `10.6.0.${users}`)
}

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  json(test.app, { method, url, headers: { cookie }, body })

const plan = (patch: Partial<CartItemInput> = {}): CartItemInput => ({
  productId: MEDICAL,
  planCode: 'standard',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  birthDate: '1990-03-07',
  gender: 'M',
  socialInsurance: 'Y',
  ...patch,
})

async function quote(input: CartItemInput): Promise<number> {
  const { birthDate, productId, planCode, coveragePeriod, paymentPeriod, gender, socialInsurance } = input
  const res = await json(test.app, {
    method: 'POST',
    url: '/api/quotes',
    body: { productId, planCode, coveragePeriod, paymentPeriod, gender, socialInsurance, birthDate },
  })
  return res.json<Quote>().premiumFen
}

describe('cart', () => {
  it('needs a session', async () => {
    expect((await test.app.inject({ url: '/api/cart' })).statusCode).toBe(401)
    const add = await json(test.app, { method: 'POST', url: '/api/cart/items', body: plan() })
    expect(add.statusCode).toBe(401)
  })

  it('prices an added plan on the server, as the premium trial does, and lists it', async () => {
    const cookie = await user()
    const added = await call(cookie, 'POST', '/api/cart/items', plan())
    expect(added.statusCode).toBe(200)
    const item = added.json<CartItem>()
    const expected = await quote(plan())
    expect(item).toMatchObject({
      productId: MEDICAL,
      planCode: 'standard',
      quotedPremiumFen: expected,
      premiumFen: expected,
      priceChanged: false,
      available: true,
    })
    expect(item.productName).not.toBe('')
    const cart = (await call(cookie, 'GET', '/api/cart')).json<Cart>()
    expect(cart.items.map((i) => i.id)).toEqual([item.id])
  })

  it('keeps one row for the same plan and insured, and a second one for another insured', async () => {
    const cookie = await user()
    const first = (await call(cookie, 'POST', '/api/cart/items', plan())).json<CartItem>()
    const again = (await call(cookie, 'POST', '/api/cart/items', plan())).json<CartItem>()
    expect(again.id).toBe(first.id)
    clock.advance(1000)
    const other = (
      await call(cookie, 'POST', '/api/cart/items', plan({ birthDate: '1985-06-01', gender: 'F' }))
    ).json<CartItem>()
    const cart = (await call(cookie, 'GET', '/api/cart')).json<Cart>()
    expect(cart.items.map((i) => i.id)).toEqual([other.id, first.id])
  })

  it('refuses a plan the insured cannot buy, naming the factor, and bad input naming the field', async () => {
    const cookie = await user()
    const old = await call(cookie, 'POST', '/api/cart/items', plan({ birthDate: '1920-01-01' }))
    expect(old.statusCode).toBe(422)
    expect(old.json().error).toMatchObject({ code: 'NOT_INSURABLE' })
    expect(old.json().error.details[0].field).toBe('birthDate')
    const noPlan = await call(cookie, 'POST', '/api/cart/items', plan({ planCode: 'nope' }))
    expect(noPlan.statusCode).toBe(422)
    const bad = await call(cookie, 'POST', '/api/cart/items', { ...plan(), birthDate: '1990-3-7\u0000' })
    expect(bad.statusCode).toBe(400)
    const missing = await call(cookie, 'POST', '/api/cart/items', plan({ productId: 'no-such-product' }))
    expect(missing.statusCode).toBe(404)
    expect((await call(cookie, 'GET', '/api/cart')).json<Cart>().items).toEqual([])
  })

  it('re-quotes on every read and shows the old and the new price when the rate changed', async () => {
    const cookie = await user()
    const item = (await call(cookie, 'POST', '/api/cart/items', plan())).json<CartItem>()
    await test.db.db
      .updateTable('cart_items')
      .set({ quoted_premium_fen: item.quotedPremiumFen + 1000 })
      .where('id', '=', item.id)
      .execute()
    const [listed] = (await call(cookie, 'GET', '/api/cart')).json<Cart>().items
    expect(listed).toMatchObject({
      quotedPremiumFen: item.quotedPremiumFen + 1000,
      premiumFen: item.quotedPremiumFen,
      priceChanged: true,
      available: true,
    })
  })

  it('marks an item the insured can no longer buy (a product gone) instead of dropping it', async () => {
    const cookie = await user()
    const item = (await call(cookie, 'POST', '/api/cart/items', plan())).json<CartItem>()
    await test.db.db
      .updateTable('cart_items')
      .set({ plan_code: 'withdrawn' })
      .where('id', '=', item.id)
      .execute()
    const [listed] = (await call(cookie, 'GET', '/api/cart')).json<Cart>().items
    expect(listed).toMatchObject({ available: false, premiumFen: null, priceChanged: false })
    expect(listed.unavailableReason).toBe('所选保障计划不存在，请重新选择')
  })

  it('removes an item; another user cannot see, remove or reach it', async () => {
    const owner = await user()
    const stranger = await user()
    const item = (await call(owner, 'POST', '/api/cart/items', plan())).json<CartItem>()
    expect((await call(stranger, 'GET', '/api/cart')).json<Cart>().items).toEqual([])
    const foreign = await call(stranger, 'DELETE', `/api/cart/items/${item.id}`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.message).toBe('购物车条目不存在')
    expect((await call(owner, 'GET', '/api/cart')).json<Cart>().items).toHaveLength(1)
    expect((await call(owner, 'DELETE', `/api/cart/items/${item.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', '/api/cart')).json<Cart>().items).toEqual([])
    expect((await call(owner, 'DELETE', `/api/cart/items/${item.id}`)).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', '/api/cart/items/not-an-id')).statusCode).toBe(400)
  })

  it('merges the device cart at login without duplicates, dropping plans that cannot be bought', async () => {
    const cookie = await user()
    await call(cookie, 'POST', '/api/cart/items', plan())
    clock.advance(60_000)
    const merged = await call(cookie, 'POST', '/api/cart/merge', {
      items: [plan({ gender: 'F' }), plan(), plan({ birthDate: '1920-01-01' }), plan({ productId: 'gone' })],
    })
    expect(merged.statusCode).toBe(200)
    const cart = merged.json<Cart>()
    expect(cart.items.map((i) => [i.gender, i.birthDate])).toEqual([
      ['F', '1990-03-07'],
      ['M', '1990-03-07'],
    ])
    const tooMany = await call(cookie, 'POST', '/api/cart/merge', { items: Array(51).fill(plan()) })
    expect(tooMany.statusCode).toBe(400)
  })

  it('holds at most 20 plans; the same plan again still refreshes when full', async () => {
    const cookie = await user()
    for (let i = 0; i < 20; i++) {
      const res = await call(
        cookie,
        'POST',
        '/api/cart/items',
        plan({ birthDate: `1980-01-${String(i + 1).padStart(2, '0')}` }),
      )
      expect(res.statusCode).toBe(200)
    }
    const full = await call(cookie, 'POST', '/api/cart/items', plan({ birthDate: '1980-02-01' }))
    expect(full.statusCode).toBe(409)
    expect(full.json().error).toMatchObject({
      code: 'CART_FULL',
      message: '购物车最多保存20个方案，请先删除部分方案',
    })
    expect(
      (await call(cookie, 'POST', '/api/cart/items', plan({ birthDate: '1980-01-05' }))).statusCode,
    ).toBe(200)
    expect((await call(cookie, 'GET', '/api/cart')).json<Cart>().items).toHaveLength(20)
  })

  it('holds at most 20 plans when many are added at once', async () => {
    const cookie = await user()
    for (let i = 0; i < 16; i++)
      await call(
        cookie,
        'POST',
        '/api/cart/items',
        plan({ birthDate: `1980-01-${String(i + 1).padStart(2, '0')}` }),
      )
    // 12 different plans in parallel for the last 4 places (on PostgreSQL the requests really overlap).
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          cookie,
          'POST',
          '/api/cart/items',
          plan({ birthDate: `1981-01-${String(i + 1).padStart(2, '0')}` }),
        ),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(8)
    expect((await call(cookie, 'GET', '/api/cart')).json<Cart>().items).toHaveLength(20)
  })
})
