import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message } from '../../src/types/generated/api/message'
import { runSweep } from '../../server/platform/jobs'
import { modules } from '../../server/modules'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The daily jobs that tell users what is about to happen or has happened: points expire at the end of the
// year after they were earned (warned from 1 December), policies remind 30, 7 and 1 days before their cover
// ends, and a settled refund says so. Each is said once, however often the sweep runs.
const clock = testClock(new Date('2026-11-28T01:00:00.000Z')) // 2026-11-28 09:00 in Shanghai
let test: TestApp
let users = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0 })
})
afterAll(async () => test.close())

/** Moves the clock to an instant written in Shanghai time ("2027-12-01T00:00"). */
const setShanghai = (local: string) =>
  clock.advance(Date.parse(`${local}:00.000+08:00`) - clock.now().getTime())
const sweep = () => runSweep(test.app, modules)

const userIds = new Map<string, string>()

/** A fresh session of the phone's user (sessions end while the clock jumps months ahead). */
async function as(phone: string): Promise<Buyer> {
  const userId = userIds.get(phone)
  if (!userId) throw new Error(`no user ${phone}`)
  const { token } = await test.app.services.sessions.create(userId)
  return new Buyer(test.app, `sid=${test.app.signCookie(token)}`)
}

async function newBuyer() {
  users += 1
  const phone = `1370000${String(users).padStart(4, '0')}`
  const buyer = new Buyer(test.app, await loginAs(test.app, phone, `10.7.0.${users}`))
  const { id } = await test.app.services.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow()
  userIds.set(phone, id)
  return { buyer, userId: id, phone }
}

async function messages(phone: string, kind?: string): Promise<Message[]> {
  const res = await (await as(phone)).call('GET', '/api/messages?limit=50')
  expect(res.statusCode, res.body).toBe(200)
  const items = res.json<{ items: Message[] }>().items
  return kind ? items.filter((m) => m.kind === kind) : items
}

describe('points expiry', () => {
  it('warns 30 days ahead and expires what is left of a year at the end of the next, once', async () => {
    setShanghai('2026-11-28T09:00')
    const { buyer, userId, phone } = await newBuyer()
    for (let day = 0; day < 3; day++) {
      expect((await buyer.call('POST', '/api/sign-in')).statusCode).toBe(200) // 5 + 5 + 10
      clock.advance(24 * 3600_000)
    }
    setShanghai('2027-03-01T10:00')
    expect((await (await as(phone)).call('POST', '/api/sign-in')).json().reward).toBe(5) // earned in 2027
    // 8 points leave the balance in 2027: the oldest (2026's) go first.
    await test.app.services.db.transaction().execute((trx) =>
      test.app.services.points.takeBack(trx, {
        userId,
        currency: 'point',
        kind: 'exchange',
        reference: 'test',
        amount: 8,
      }),
    )
    const summary = async () => (await (await as(phone)).call('GET', '/api/points')).json()
    expect(await summary()).toMatchObject({
      point: { usable: 17 },
      expiring: { amount: 12, lastDay: '2027-12-31' },
    })

    setShanghai('2027-11-30T23:59')
    await sweep()
    expect(await messages(phone, 'points_expiring')).toEqual([])
    setShanghai('2027-12-01T00:00')
    await sweep()
    await sweep()
    const warnings = await messages(phone, 'points_expiring')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({
      category: 'activity',
      title: '积分即将过期',
      body: '您有 12 积分将于 2027-12-31 24:00 过期，快去积分商城兑换礼品吧。',
      target: { kind: 'points', id: null },
    })

    setShanghai('2027-12-31T23:59')
    await sweep()
    expect((await summary()).point.usable).toBe(17)
    setShanghai('2028-01-01T00:00')
    await sweep()
    await sweep()
    expect(await summary()).toMatchObject({
      point: { usable: 5 },
      // 2027's point is next: usable until the end of 2028.
      expiring: { amount: 5, lastDay: '2028-12-31' },
    })
    const ledger = (await (await as(phone)).call('GET', '/api/points/ledger?limit=2')).json()
    expect(ledger.items[0]).toMatchObject({ kind: 'expire', title: '积分过期', amount: -12, usableAfter: 5 })
    expect(ledger.items[1]).toMatchObject({ kind: 'exchange', amount: -8 })
    const expired = await messages(phone, 'points_expired')
    expect(expired.map((m) => m.body)).toEqual([
      '您有 12 积分已于 2027-12-31 24:00 过期。积分有效期至获得次年的 12 月 31 日。',
    ])
  })

  it('expires nothing of a year whose points were all spent, and tells nothing', async () => {
    setShanghai('2026-12-10T09:00')
    const { buyer, userId, phone } = await newBuyer()
    expect((await buyer.call('POST', '/api/sign-in')).statusCode).toBe(200)
    await test.app.services.db.transaction().execute((trx) =>
      test.app.services.points.takeBack(trx, {
        userId,
        currency: 'point',
        kind: 'exchange',
        reference: 'test',
        amount: 5,
      }),
    )
    expect((await buyer.call('GET', '/api/points')).json().expiring).toBeNull()
    setShanghai('2027-12-02T09:00')
    await sweep()
    setShanghai('2028-01-02T09:00')
    await sweep()
    expect(await messages(phone, 'points_expiring')).toEqual([])
    expect(await messages(phone, 'points_expired')).toEqual([])
  })
})

describe('points expiry under concurrency', () => {
  it('expires once while the job runs at the same time as itself and as spendings (parallel on PostgreSQL)', async () => {
    setShanghai('2026-06-01T09:00')
    const { userId } = await newBuyer()
    const { points, db } = test.app.services
    await db
      .transaction()
      .execute((trx) =>
        points.credit(trx, { userId, currency: 'point', amount: 100, kind: 'sign_in', reference: 'test' }),
      )
    setShanghai('2028-01-01T00:10')
    const spend = () =>
      db.transaction().execute((trx) =>
        points.takeBack(trx, {
          userId,
          currency: 'point',
          kind: 'exchange',
          reference: 'race',
          amount: 10,
        }),
      )
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => points.expire(userId, 2026)),
      ...Array.from({ length: 5 }, spend),
    ])
    const expired = results.slice(0, 5).filter((n) => n > 0)
    expect(expired).toHaveLength(1)
    const rows = await db
      .selectFrom('point_ledger')
      .select(['kind', 'amount', 'usable_after'])
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute()
    // Every point is accounted for: earned, then spent or expired, none twice, the balance never below zero.
    expect(rows.filter((r) => r.kind === 'expire')).toHaveLength(1)
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(0)
    expect(rows.every((r) => r.usable_after >= 0)).toBe(true)
    const account = await db
      .selectFrom('point_accounts')
      .select('usable')
      .where('user_id', '=', userId)
      .where('currency', '=', 'point')
      .executeTakeFirstOrThrow()
    expect(account.usable).toBe(0)
    const told = await db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', userId)
      .where('kind', '=', 'points_expired')
      .execute()
    expect(told).toHaveLength(1)
  })
})

describe('policy reminders and refunds', () => {
  it('reminds 30, 7 and 1 days before the cover ends, each once, and never a surrendered policy', async () => {
    setShanghai('2026-11-22T12:00')
    const { buyer, phone } = await newBuyer()
    const policy = await buyer.issuedPolicy()
    expect(policy.expiresAt?.startsWith('2027-11-23T00:00:00')).toBe(true)
    const { buyer: quitter, phone: quitterPhone } = await newBuyer()
    const surrendered = await quitter.issuedPolicy()
    expect(
      (
        await quitter.call('POST', `/api/policies/${surrendered.id}/surrender`, {
          reason: '不需要这份保障了',
        })
      ).statusCode,
    ).toBe(200)

    const titles = async () => (await messages(phone, 'policy_expiring')).map((m) => m.title).reverse()
    for (const [at, expected] of [
      ['2027-10-23T09:00', []],
      ['2027-10-24T09:00', ['保单30天后到期']],
      ['2027-11-01T09:00', ['保单30天后到期']],
      ['2027-11-16T09:00', ['保单30天后到期', '保单7天后到期']],
      ['2027-11-22T09:00', ['保单30天后到期', '保单7天后到期', '保单今天到期']],
      ['2027-11-23T09:00', ['保单30天后到期', '保单7天后到期', '保单今天到期']],
    ] as const) {
      setShanghai(at)
      await sweep()
      await sweep()
      expect(await titles(), at).toEqual(expected)
    }
    const [first] = (await messages(phone, 'policy_expiring')).reverse()
    expect(first).toMatchObject({
      category: 'policy',
      body: `您的《${policy.productName}》（保单号 ${policy.policyNo}）保障至 2027-11-22 24:00，到期后将不再提供保障，请及时续保。`,
      target: { kind: 'renewal', id: policy.id },
    })
    expect(await messages(quitterPhone, 'policy_expiring')).toEqual([])
  })

  it('tells the buyer when a surrender’s refund is settled, with the amount and the order', async () => {
    setShanghai('2026-11-22T12:00')
    const { buyer, phone } = await newBuyer()
    const policy = await buyer.issuedPolicy()
    expect(
      (await buyer.call('POST', `/api/policies/${policy.id}/surrender`, { reason: '不需要这份保障了' }))
        .statusCode,
    ).toBe(200)
    const refunded = await messages(phone, 'payment_refunded')
    expect(refunded).toHaveLength(1)
    expect(refunded[0]).toMatchObject({
      category: 'trade',
      title: '退款成功',
      target: { kind: 'order', id: policy.orderId },
    })
    expect(refunded[0].body).toContain(`《${policy.productName}》已退款 ¥`)
  })
})
