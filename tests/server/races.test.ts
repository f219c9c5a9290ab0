import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxPaymentProvider } from '../../server/modules/payments/providers/sandbox'
import { MAX_WRONG_ATTEMPTS, DEFAULT_SMS_LIMITS } from '../../server/modules/auth/service'
import { AGREEMENTS } from './helpers'
import { holder, selfInsured } from './ordersFlow'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'
import { placeOrder, readyApplication as readyRaceApplication } from './raceOrders'

// Counters and limits under parallel requests (docs/server.md). In CI these run against a real PostgreSQL
// with two server processes (scripts/with-postgres.sh), where a check-then-write would let requests through.

let c: RaceCluster
let phones = 0
const nextPhone = () => `1350000${String(++phones).padStart(4, '0')}`
const codeOf = (a: Answer) => a.body.error?.code ?? String(a.status)
const tally = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((t, a) => ({ ...t, [codeOf(a)]: (t[codeOf(a)] ?? 0) + 1 }), {})

beforeAll(async () => {
  // The one cluster whose two processes migrate and seed an empty database at the same moment.
  c = await startRaceCluster({ fromEmptyDatabase: true })
}, 120_000)
afterAll(async () => c?.close())

const login = (phone = nextPhone()) => c.login(0, phone, `10.100.${phones % 250}.${(phones * 7) % 250}`)

const readyApplication = (cookie: string) => readyRaceApplication(c, cookie)
const order = (cookie: string) => placeOrder(c, cookie)

describe(`counters and limits under parallel requests`, () => {
  it('compares at most 5 guesses with one SMS code, however many arrive at once', async () => {
    const N = 100
    const rounds = 3
    for (let round = 0; round < rounds; round++) {
      const phone = nextPhone()
      await c.send(0, 'POST', '/api/auth/sms-code', { body: { phone }, ip: '10.101.0.1' })
      const { code } = (await c.send(0, 'GET', `/api/dev/sms-outbox?phone=${phone}`)).body as { code: string }
      // N different guesses from N different addresses (a botnet, so only the per-code limit stands in the
      // way); the right code is the last one sent.
      const guesses = Array.from({ length: N - 1 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      )
      guesses.push(code)
      const answers = await c.race(N, (i) =>
        c.send(i, 'POST', '/api/auth/login', {
          body: { phone, code: guesses[i], agreements: AGREEMENTS },
          ip: `10.102.${Math.floor(i / 250)}.${i % 250}`,
        }),
      )
      const counts = tally(answers)
      // Every answer other than "code no longer valid" means the guess was compared with the code.
      const compared = N - (counts.CODE_EXPIRED ?? 0)
      console.info(
        `[${c.kind}] ${N} parallel guesses over ${c.bases.length} process(es): ${compared} compared with the code`,
        counts,
      )
      expect(compared).toBeLessThanOrEqual(MAX_WRONG_ATTEMPTS)
      if (!counts['200']) {
        expect(counts).toEqual({
          CODE_INVALID: MAX_WRONG_ATTEMPTS - 1,
          CODE_VOIDED: 1,
          CODE_EXPIRED: N - MAX_WRONG_ATTEMPTS,
        })
        const right = await c.send(1, 'POST', '/api/auth/login', {
          body: { phone, code, agreements: AGREEMENTS },
          ip: '10.101.0.1',
        })
        expect(codeOf(right)).toBe('CODE_EXPIRED')
      }
    }
  })

  it('holds the per-IP SMS limit and the 60-second resend slot', async () => {
    const N = 40
    const perIp = await c.race(N, (i) =>
      c.send(i, 'POST', '/api/auth/sms-code', { body: { phone: nextPhone() }, ip: '10.103.0.1' }),
    )
    const counts = tally(perIp)
    console.info(`[${c.kind}] ${N} parallel SMS requests from one IP:`, counts)
    expect(counts['200']).toBe(DEFAULT_SMS_LIMITS.perIpPerHour)
    expect(counts.SMS_IP_LIMIT).toBe(N - DEFAULT_SMS_LIMITS.perIpPerHour)

    const phone = nextPhone()
    const samePhone = await c.race(20, (i) =>
      c.send(i, 'POST', '/api/auth/sms-code', { body: { phone }, ip: `10.104.0.${i}` }),
    )
    expect(tally(samePhone)).toEqual({ '200': 1, SMS_TOO_FREQUENT: 19 })
  })

  it('holds the per-IP login limit', async () => {
    const N = DEFAULT_SMS_LIMITS.loginsPerIpPerHour + 20
    const answers = await c.race(N, (i) =>
      c.send(i, 'POST', '/api/auth/login', {
        body: { phone: nextPhone(), code: '123456', agreements: AGREEMENTS },
        ip: '10.105.0.1',
      }),
    )
    expect(tally(answers)).toEqual({
      CODE_EXPIRED: DEFAULT_SMS_LIMITS.loginsPerIpPerHour,
      LOGIN_TOO_FREQUENT: 20,
    })
  })

  it('makes one order of parallel submissions, with or without an Idempotency-Key', async () => {
    const cookie = await login()
    const applicationId = await readyApplication(cookie)
    const body = { applicationId, holder, insured: selfInsured }
    const keyed = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/orders', { cookie, body, headers: { 'idempotency-key': 'race-order-000001' } }),
    )
    expect(keyed.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(keyed.map((a) => a.body.id)).size).toBe(1)

    const other = await readyApplication(cookie)
    const bare = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/orders', { cookie, body: { ...body, applicationId: other } }),
    )
    expect(tally(bare)).toEqual({ '200': 1, APPLICATION_USED: 9 })
  })

  it('keeps one capture per order when two captures of it arrive at two processes at once', async () => {
    const cookie = await login()
    const sandbox = new SandboxPaymentProvider(c.db, () => new Date())
    const db = c.db
    const rounds = 5
    for (let round = 0; round < rounds; round++) {
      const { id } = await order(cookie)
      const pay = async () =>
        (await c.send(0, 'POST', `/api/orders/${id}/pay`, { cookie, body: { channel: 'wechat' } })).body
          .paymentId as string
      const a = await pay()
      const heldA = await sandbox.capture(a, 'SUCCEEDED')
      const b = await pay()
      const heldB = await sandbox.capture(b, 'SUCCEEDED')
      if (!heldA.ok || !heldB.ok) throw new Error('sandbox refused a capture')
      const delivered = await Promise.all(
        [heldA.callback, heldB.callback].map((cb, i) =>
          fetch(`${c.bases[i % c.bases.length]}/api/payments/callback/sandbox`, {
            method: 'POST',
            headers: cb.headers,
            body: cb.body,
          }),
        ),
      )
      expect(delivered.map((r) => r.status)).toEqual([200, 200])
      const statuses = (await db.selectFrom('payments').select('status').where('order_id', '=', id).execute())
        .map((p) => p.status)
        .sort()
      expect(statuses).toEqual(['REFUNDED', 'SUCCEEDED'])
      const policies = await db.selectFrom('policies').select('id').where('order_id', '=', id).execute()
      expect(policies).toHaveLength(1)
    }
  })

  it('gives one sign-in and one reward a day, however many sign-ins arrive at once at two processes', async () => {
    const cookie = await login()
    const answers = await c.race(20, (i) => c.send(i, 'POST', '/api/sign-in', { cookie }))
    expect(tally(answers)).toEqual({ '200': 1, ALREADY_SIGNED_IN: 19 })
    const won = answers.find((a) => a.status === 200)?.body as { reward: number; usable: number }
    const summary = (await c.send(0, 'GET', '/api/points', { cookie })).body as { point: { usable: number } }
    expect(summary.point.usable).toBe(won.reward)
    const ledger = (await c.send(1, 'GET', '/api/points/ledger', { cookie })).body as { items: unknown[] }
    expect(ledger.items).toHaveLength(1)
  })

  /** A gift of the race's own, and users with points (written straight to the shared database). */
  async function giftAndBuyers(stock: number, price: number, users: number, points: number) {
    const id = `g-race-${Date.now()}-${stock}-${users}`
    await c.db
      .insertInto('gifts')
      .values({
        id,
        name: id,
        kind: 'virtual',
        currency: 'point',
        price,
        stock,
        per_user_limit: 100,
        image: '/images/gifts/cup.svg',
        description: '并发测试礼品',
        valid_until: null,
      })
      .execute()
    const cookies: string[] = []
    for (let i = 0; i < users; i++) {
      const cookie = await login()
      const me = (await c.send(0, 'GET', '/api/me', { cookie })).body as { id: string }
      await c.db
        .insertInto('point_accounts')
        .values({ user_id: me.id, currency: 'point', usable: points })
        .execute()
      cookies.push(cookie)
    }
    return { id, cookies }
  }

  it('sells the last 5 in stock to 5 of 50 exchanges arriving at once at two processes', async () => {
    const { id, cookies } = await giftAndBuyers(5, 10, 10, 1000)
    const answers = await c.race(50, (i) =>
      c.send(i, 'POST', `/api/gifts/${id}/exchange`, { cookie: cookies[i % cookies.length] }),
    )
    expect(tally(answers)).toEqual({ '200': 5, GIFT_SOLD_OUT: 45 })
    const gift = await c.db.selectFrom('gifts').select('stock').where('id', '=', id).executeTakeFirstOrThrow()
    expect(gift.stock).toBe(0)
    const spent = await c.db
      .selectFrom('point_ledger')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('kind', '=', 'exchange')
      .where('reference', 'in', c.db.selectFrom('gift_exchanges').select('id').where('gift_id', '=', id))
      .executeTakeFirstOrThrow()
    expect(Number(spent.total)).toBe(-50)
  })

  it('never takes a balance below zero: 10 exchanges at once of 100 points each with 250 points give 2', async () => {
    const { id, cookies } = await giftAndBuyers(100, 100, 1, 250)
    const answers = await c.race(10, (i) =>
      c.send(i, 'POST', `/api/gifts/${id}/exchange`, { cookie: cookies[0] }),
    )
    expect(tally(answers)).toEqual({ '200': 2, INSUFFICIENT_POINTS: 8 })
    const summary = (await c.send(0, 'GET', '/api/points', { cookie: cookies[0] })).body as {
      point: { usable: number; frozen: number }
    }
    expect(summary.point).toEqual({ usable: 50, frozen: 0 })
  })

  it('keeps a user within 50 files when 60 uploads arrive at once at two processes', async () => {
    const cookie = await login()
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer()
    const answers = await c.race(60, async (i) => {
      const form = new FormData()
      form.append('purpose', 'feedback')
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `p${i}.jpg`)
      const res = await fetch(`${c.bases[i % c.bases.length]}/api/media`, {
        method: 'POST',
        headers: { cookie, 'x-forwarded-for': '10.200.0.9' },
        body: form,
      })
      return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers }
    })
    expect(tally(answers)).toEqual({ '200': 50, MEDIA_QUOTA_EXCEEDED: 10 })
    const usage = await c.db.selectFrom('media_usage').selectAll().execute()
    const mine = usage.find((u) => u.files === 50)
    expect(mine).toBeDefined()
    const rows = await c.db
      .selectFrom('media')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('bytes').as('bytes')])
      .where('user_id', '=', mine!.user_id)
      .executeTakeFirstOrThrow()
    expect(Number(rows.n)).toBe(50)
    expect(Number(rows.bytes)).toBe(Number(mine!.bytes))
  })
  it('gives the last places of a slot to exactly 3 of 20 bookings arriving at once at two processes', async () => {
    const cookies = await Promise.all(Array.from({ length: 20 }, () => login()))
    const calendar = (await c.send(0, 'GET', '/api/appointments/slots?goodsType=highMedical')).body as {
      days: { slots: { start: string; remaining: number }[] }[]
    }
    // Tomorrow 09:00 is always bookable, whatever the time of the run.
    const slotStart = calendar.days[1].slots[0].start
    const answers = await c.race(20, (i) =>
      c.send(i, 'POST', '/api/appointments', {
        cookie: cookies[i],
        body: { goodsType: 'highMedical', slotStart, phone: '13900000000', needs: '' },
      }),
    )
    expect(tally(answers)).toEqual({ '200': 3, SLOT_FULL: 17 })
    const slot = await c.db
      .selectFrom('appointment_slots')
      .select(['booked', 'capacity'])
      .where('resource', '=', 'product:highMedical')
      .where('slot_start', '=', new Date(slotStart))
      .executeTakeFirstOrThrow()
    expect(slot).toEqual({ booked: 3, capacity: 3 })
    const rows = await c.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('resource', '=', 'product:highMedical')
      .where('slot_start', '=', new Date(slotStart))
      .where('status', '=', 'BOOKED')
      .executeTakeFirstOrThrow()
    expect(Number(rows.n)).toBe(3)

    // One user tapping 10 times at once holds one booking of a slot, and one place.
    const cookie = await login()
    const own = calendar.days[1].slots[1].start
    const taps = await c.race(10, (i) =>
      c.send(i, 'POST', '/api/appointments', {
        cookie,
        body: { goodsType: 'highMedical', slotStart: own, phone: '13900000000', needs: '' },
      }),
    )
    expect(tally(taps)).toEqual({ '200': 1, ALREADY_BOOKED: 9 })
    const counter = await c.db
      .selectFrom('appointment_slots')
      .select('booked')
      .where('resource', '=', 'product:highMedical')
      .where('slot_start', '=', new Date(own))
      .executeTakeFirstOrThrow()
    expect(counter.booked).toBe(1)
  })
})
