import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../src/types/generated/api/order'
import { modules } from '../../server/modules'
import { runSweep } from '../../server/platform/jobs'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The member area: a level from the last year's earnings, the public rules, the agreements a user signed with
// their versions, withdrawing consent (logged out everywhere), and deleting an account after 15 days' cooling
// period unless cancelled, refused while a policy still covers the user.
const DAY = 86_400_000
const clock = testClock(new Date('2026-11-28T01:00:00.000Z'))
let test: TestApp
let users = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
})
afterAll(async () => test.close())

async function newUser() {
  users += 1
  const phone = `1380000${String(users).padStart(4, '0')}`
  const cookie = await loginAs(test.app, phone, `10.8.0.${users}`)
  const me = (await test.app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>()
  return { phone, cookie, id: me.id, buyer: new Buyer(test.app, cookie) }
}

const earn = (userId: string, amount: number, kind = 'policy') =>
  test.db.db
    .transaction()
    .execute((trx) =>
      test.app.services.points.credit(trx, { userId, currency: 'point', amount, kind, reference: 'test' }),
    )

describe('member level', () => {
  it('grows with the points earned in the last 365 days; spending does not lower it', async () => {
    const u = await newUser()
    // A fresh session each time: sessions last 30 days and this test spans a year.
    const level = async () => {
      const { token } = await test.app.services.sessions.create(u.id)
      const cookie = `sid=${test.app.signCookie(token)}`
      return (await test.app.inject({ url: '/api/member', headers: { cookie } })).json()
    }
    expect(await level()).toMatchObject({
      growth: 0,
      level: { code: 'V1', name: '普通会员' },
      next: { code: 'V2', name: '白银会员', minGrowth: 500 },
    })
    await earn(u.id, 400)
    clock.advance(200 * DAY)
    await earn(u.id, 150)
    await test.db.db.transaction().execute((trx) =>
      test.app.services.points.takeBack(trx, {
        userId: u.id,
        currency: 'point',
        kind: 'exchange',
        reference: 'x',
        amount: 500,
      }),
    )
    expect(await level()).toMatchObject({ growth: 550, level: { code: 'V2', name: '白银会员' } })
    expect((await level()).level.benefits.map((b: { title: string }) => b.title)).toContain('生日祝福')
    // A year after the first 400 they no longer count.
    clock.advance(166 * DAY)
    expect(await level()).toMatchObject({ growth: 150, level: { code: 'V1' } })
    expect((await test.app.inject({ url: '/api/member' })).statusCode).toBe(401)
  })

  it('publishes the rules from the server config to anyone', async () => {
    const rules = (await test.app.inject({ url: '/api/member/rules' })).json()
    expect(rules.levels.map((l: { name: string }) => l.name)).toEqual([
      '普通会员',
      '白银会员',
      '黄金会员',
      '铂金会员',
      '钻石会员',
    ])
    expect(rules).toMatchObject({
      signInLadder: [5, 5, 10, 10, 15, 15, 50],
      cycleBeans: 20,
      pointsPerYuan: 1,
    })
  })
})

describe('agreements and consent', () => {
  it('lists each consent with its version and time, and withdrawing it logs the user out everywhere', async () => {
    const u = await newUser()
    clock.advance(61_000) // one code a minute per phone
    const second = await loginAs(test.app, u.phone, '10.8.1.1')
    const list = (await u.buyer.call('GET', '/api/me/agreements')).json()
    expect(list.items).toHaveLength(6)
    expect(list.items[0]).toMatchObject({ version: '2026-11-01' })
    expect(list.items.map((a: { title: string }) => a.title)).toContain('《隐私保护政策》')
    const withdrawn = await u.buyer.call('POST', '/api/me/consent-withdrawal')
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.headers['set-cookie']).toMatch(/sid=;/)
    for (const cookie of [u.cookie, second])
      expect((await test.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401)
  })
})

describe('account deletion', () => {
  it('is refused while a policy covers the user', async () => {
    const u = await newUser()
    const order = await u.buyer.order()
    const unpaid = await u.buyer.call('POST', '/api/me/deletion')
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().error.code).toBe('ACCOUNT_HAS_OPEN_ORDERS')
    const payment = await u.buyer.pay(order.id)
    await u.buyer.simulate(payment.paymentId, 'SUCCEEDED')
    expect((await u.buyer.call('GET', `/api/orders/${order.id}`)).json<Order>().status).toBe('ISSUED')
    const covered = await u.buyer.call('POST', '/api/me/deletion')
    expect(covered.statusCode).toBe(409)
    expect(covered.json().error).toMatchObject({
      code: 'ACCOUNT_HAS_ACTIVE_POLICIES',
      message: '您有保障中或待生效的保单，暂不能注销账户；保单到期或退保后可再申请',
    })
  })

  it('waits 15 days, can be cancelled, then erases the person and frees the phone', async () => {
    const u = await newUser()
    const requested = (await u.buyer.call('POST', '/api/me/deletion')).json()
    expect(Date.parse(requested.deletionDueAt) - Date.parse(requested.deletionRequestedAt)).toBe(15 * DAY)
    expect((await u.buyer.call('DELETE', '/api/me/deletion')).json()).toEqual({
      deletionRequestedAt: null,
      deletionDueAt: null,
    })
    await u.buyer.call('POST', '/api/me/deletion')
    clock.advance(15 * DAY - 60_000)
    await runSweep(test.app, modules)
    expect((await u.buyer.call('GET', '/api/me')).statusCode).toBe(200)
    clock.advance(60_000)
    await runSweep(test.app, modules)
    expect((await u.buyer.call('GET', '/api/me')).statusCode).toBe(401)
    const row = await test.db.db
      .selectFrom('users')
      .select(['phone', 'nickname', 'deleted_at'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ phone: `deleted:${u.id}`, nickname: '已注销用户' })
    // The phone is free again: logging in with it opens a new, empty account.
    const again = await loginAs(test.app, u.phone, '10.8.2.1')
    const me = (await test.app.inject({ url: '/api/me', headers: { cookie: again } })).json<{ id: string }>()
    expect(me.id).not.toBe(u.id)
  })
})
