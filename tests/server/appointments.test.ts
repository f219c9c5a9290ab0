import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPOINTMENT_TOPICS, MAX_ACTIVE_BOOKINGS } from '../../src/domain/appointments'
import type {
  Appointment,
  AppointmentList,
  ConsultantList,
  SlotCalendar,
} from '../../src/types/generated/api/appointment'
import { apiSchema } from '../../server/platform/schemas'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry } from './idempotencyCrash'

// Booked calls: the slot calendar, capacity per slot, one booking of a slot per user, the 2-hour cutoff for
// cancelling and moving, SMS and message on each change, and nobody else's appointments. The parallel case
// (the last place of a slot) is in races.test.ts.
// The clock starts on Sunday 2026-11-22 12:00 in Shanghai.
const clock = testClock()
let test: TestApp
let users = 0
const faults = { loseAnswerOnSend: false }

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, idempotencyFaults: faults })
})
afterAll(async () => test.close())

const HOUR = 3600_000
async function user(): Promise<{ cookie: string; phone: string }> {
  users += 1
  const phone = `1372000${String(users).padStart(4, '0')}`
  return { cookie: await loginAs(test.app, phone, `10.13.0.${users}`), phone }
}
const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
  json(test.app, { method, url, headers: { cookie, ...headers }, body })
const calendar = async (query: string) =>
  (await test.app.inject({ url: `/api/appointments/slots?${query}` })).json<SlotCalendar>()
const remaining = async (query: string, start: string) =>
  (await calendar(query)).days.flatMap((d) => d.slots).find((s) => s.start === start)?.remaining
const book = (cookie: string, body: Record<string, unknown>, headers = {}) =>
  call(cookie, 'POST', '/api/appointments', { phone: '13900000000', needs: '想了解一下', ...body }, headers)
const outbox = (phone: string) =>
  test.db.db
    .selectFrom('sms_outbox')
    .select(['message', 'code'])
    .where('phone', '=', phone)
    .orderBy('id')
    .execute()
const titles = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/messages')).json<{ items: { title: string; body: string }[] }>().items

describe('consultants', () => {
  it('lists our six licensed consultants and shows one; an unknown one is 404', async () => {
    const list = (await test.app.inject({ url: '/api/consultants' })).json<ConsultantList>()
    expect(list.items).toHaveLength(6)
    for (const c of list.items) {
      expect(c.licenceNo).toMatch(/^\d{26}$/)
      expect(c.photo).toBe(`/images/consultants/${c.id}.svg`)
      expect(c.rating).toBeGreaterThanOrEqual(4)
      expect(c.rating).toBeLessThanOrEqual(5)
      expect(c.specialities.length).toBeGreaterThan(0)
    }
    const one = await test.app.inject({ url: '/api/consultants/c-lin-yue' })
    expect(one.json()).toMatchObject({ name: '林悦', years: 9, rating: 4.9 })
    const missing = await test.app.inject({ url: '/api/consultants/c-nobody' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('顾问不存在')
  })
})

describe('slot calendar', () => {
  it('offers 7 days of hourly slots from 09:00 to 17:00, today only those still ahead', async () => {
    const cal = await calendar('goodsType=annuity')
    expect(cal.subject).toBe('年金')
    expect(cal.capacity).toBe(3)
    expect(cal.days.map((d) => d.day)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ])
    expect(cal.days[0].slots.map((s) => s.start.slice(11, 16))).toEqual([
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ])
    expect(cal.days[1].slots).toHaveLength(9)
    expect(cal.days[1].slots[0]).toEqual({
      start: '2026-11-23T09:00:00.000+08:00',
      end: '2026-11-23T10:00:00.000+08:00',
      remaining: 3,
    })
    const consultant = await calendar('consultantId=c-zhou-hang')
    expect(consultant).toMatchObject({ subject: '顾问周航', capacity: 1 })
  })

  it('names the field when the query is wrong', async () => {
    const both = await test.app.inject({
      url: '/api/appointments/slots?goodsType=annuity&consultantId=c-lin-yue',
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().error.details[0].field).toBe('goodsType')
    const neither = await test.app.inject({ url: '/api/appointments/slots' })
    expect(neither.statusCode).toBe(400)
    expect(neither.json().error.message).toBe('请提供咨询的产品类型（goodsType）或顾问（consultantId）')
    expect((await test.app.inject({ url: '/api/appointments/slots?goodsType=car' })).statusCode).toBe(400)
    expect((await test.app.inject({ url: '/api/appointments/slots?consultantId=c-nobody' })).statusCode).toBe(
      404,
    )
  })

  it('offers the same product types as the domain', () => {
    const schema = apiSchema('appointment', 'SlotsQuery') as {
      properties: { goodsType: { enum: string[] } }
    }
    expect(schema.properties.goodsType.enum).toEqual(Object.keys(APPOINTMENT_TOPICS))
  })
})

describe('booking', () => {
  const slot = '2026-11-23T10:00:00.000+08:00'

  it('needs a session', async () => {
    const res = await json(test.app, {
      method: 'POST',
      url: '/api/appointments',
      body: { goodsType: 'annuity', slotStart: slot, phone: '13900000000', needs: '' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('books a place, confirms by SMS and message, and gives the last place of a slot to one user only', async () => {
    const a = await user()
    const res = await book(a.cookie, { goodsType: 'highMedical', slotStart: slot, phone: a.phone })
    expect(res.statusCode).toBe(200)
    const booked = res.json<Appointment>()
    expect(booked).toMatchObject({
      goodsType: 'highMedical',
      consultantId: null,
      subject: '高端医疗',
      slotStart: slot,
      slotEnd: '2026-11-23T11:00:00.000+08:00',
      status: 'BOOKED',
      changeable: true,
      needs: '想了解一下',
    })
    expect(await remaining('goodsType=highMedical', slot)).toBe(2)
    // Another product type's slot is its own.
    expect(await remaining('goodsType=annuity', slot)).toBe(3)
    expect(await outbox(a.phone)).toContainEqual({
      code: '',
      message:
        '【国恒保险】您已成功预约「高端医疗」咨询，时间 11月23日 周一 10:00–11:00，届时将致电本号码。开始前 2 小时可在“我的预约”中取消或改期。',
    })
    // The login page's outbox reader still gives the login code, not the notice.
    const dev = await test.app.inject({ url: `/api/dev/sms-outbox?phone=${a.phone}` })
    expect(dev.json().code).toMatch(/^\d{6}$/)
    expect((await titles(a.cookie))[0]).toMatchObject({
      title: '预约成功',
      body: '您预约的「高端医疗」咨询时间为 11月23日 周一 10:00–11:00，届时顾问将致电您预留的手机号。开始前 2 小时可取消或改期。',
    })

    const again = await book(a.cookie, { goodsType: 'highMedical', slotStart: slot })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_BOOKED',
      message: '您已预约过该时段，无需重复预约',
    })
    expect(await remaining('goodsType=highMedical', slot)).toBe(2)

    for (let i = 0; i < 2; i++)
      expect(
        (await book((await user()).cookie, { goodsType: 'highMedical', slotStart: slot })).statusCode,
      ).toBe(200)
    expect(await remaining('goodsType=highMedical', slot)).toBe(0)
    const full = await book((await user()).cookie, { goodsType: 'highMedical', slotStart: slot })
    expect(full.statusCode).toBe(409)
    expect(full.json().error).toMatchObject({ code: 'SLOT_FULL', message: '该时段已约满，请选择其他时段' })
  })

  it('answers a repeated request with the same Idempotency-Key once', async () => {
    const a = await user()
    const headers = { 'idempotency-key': 'book-1' }
    const body = { goodsType: 'critical', slotStart: slot }
    const first = await book(a.cookie, body, headers)
    const second = await book(a.cookie, body, headers)
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    expect(await remaining('goodsType=critical', slot)).toBe(2)
    const other = await book(a.cookie, { ...body, needs: '别的' }, headers)
    expect(other.statusCode).toBe(409)
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('refuses a slot that has started, is not on the hour, is outside 09:00–18:00 or beyond 7 days', async () => {
    const a = await user()
    const cases: [string, string][] = [
      ['2026-11-22T12:00:00+08:00', '该时段已过或即将开始，请选择其他时段'],
      ['2026-11-23T09:30:00+08:00', '请选择 09:00–18:00 之间的整点时段'],
      ['2026-11-23T18:00:00+08:00', '请选择 09:00–18:00 之间的整点时段'],
      ['2026-11-29T09:00:00+08:00', '仅可预约 7 天内的时段'],
    ]
    for (const [slotStart, message] of cases) {
      const res = await book(a.cookie, { goodsType: 'life', slotStart })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'INVALID_SLOT',
        message: `预约时段（slotStart）不正确：${message}`,
      })
      expect(res.json().error.details[0].field).toBe('slotStart')
    }
    const badPhone = await book(a.cookie, { goodsType: 'life', slotStart: slot, phone: '12345' })
    expect(badPhone.statusCode).toBe(400)
    expect(badPhone.json().error.details[0].field).toContain('phone')
    const control = await book(a.cookie, { goodsType: 'life', slotStart: slot, needs: 'a\u0000b' })
    expect(control.statusCode).toBe(400)
    const long = await book(a.cookie, { goodsType: 'life', slotStart: slot, needs: '长'.repeat(201) })
    expect(long.statusCode).toBe(400)
  })

  it('books a consultant one client a slot', async () => {
    const a = await user()
    const res = await book(a.cookie, { consultantId: 'c-chen-xi', slotStart: slot })
    expect(res.json<Appointment>()).toMatchObject({
      consultantId: 'c-chen-xi',
      goodsType: null,
      subject: '顾问陈茜',
    })
    expect(await remaining('consultantId=c-chen-xi', slot)).toBe(0)
    const b = await user()
    expect((await book(b.cookie, { consultantId: 'c-chen-xi', slotStart: slot })).json().error.code).toBe(
      'SLOT_FULL',
    )
    expect((await book(b.cookie, { consultantId: 'c-nobody', slotStart: slot })).statusCode).toBe(404)
  })

  it(`holds at most ${MAX_ACTIVE_BOOKINGS} upcoming bookings per user`, async () => {
    const a = await user()
    for (let h = 9; h < 9 + MAX_ACTIVE_BOOKINGS; h++)
      expect(
        (
          await book(a.cookie, {
            goodsType: 'family',
            slotStart: `2026-11-24T${String(h).padStart(2, '0')}:00:00+08:00`,
          })
        ).statusCode,
      ).toBe(200)
    const over = await book(a.cookie, { goodsType: 'family', slotStart: '2026-11-24T16:00:00+08:00' })
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('TOO_MANY_APPOINTMENTS')
  })
})

describe('cancel and reschedule', () => {
  it("keeps each user's appointments to that user", async () => {
    const a = await user()
    const b = await user()
    const mine = (
      await book(a.cookie, { goodsType: 'education', slotStart: '2026-11-25T10:00:00+08:00' })
    ).json<Appointment>()
    expect((await call(b.cookie, 'GET', `/api/appointments/${mine.id}`)).statusCode).toBe(404)
    expect((await call(b.cookie, 'POST', `/api/appointments/${mine.id}/cancel`)).statusCode).toBe(404)
    const move = await call(b.cookie, 'POST', `/api/appointments/${mine.id}/reschedule`, {
      slotStart: '2026-11-25T11:00:00+08:00',
    })
    expect(move.statusCode).toBe(404)
    expect((await call(b.cookie, 'GET', '/api/appointments')).json<AppointmentList>().items).toEqual([])
    expect(
      (await call(a.cookie, 'GET', '/api/appointments')).json<AppointmentList>().items.map((i) => i.id),
    ).toEqual([mine.id])
    expect((await test.app.inject({ url: '/api/appointments' })).statusCode).toBe(401)
  })

  it('cancels, giving the place back, with SMS and message; a cancelled one cannot change again', async () => {
    const a = await user()
    const start = '2026-11-25T14:00:00.000+08:00'
    const booked = (
      await book(a.cookie, { goodsType: 'medical', slotStart: start, phone: a.phone })
    ).json<Appointment>()
    expect(await remaining('goodsType=medical', start)).toBe(2)
    const res = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/cancel`)
    expect(res.json<Appointment>()).toMatchObject({ status: 'CANCELLED', changeable: false })
    expect(res.json<Appointment>().cancelledAt).not.toBeNull()
    expect(await remaining('goodsType=medical', start)).toBe(3)
    expect((await outbox(a.phone)).at(-1)?.message).toBe(
      '【国恒保险】您预约的11月25日 周三 14:00–15:00咨询已取消。如需再次预约，可随时在线选择时段。',
    )
    expect((await titles(a.cookie))[0].title).toBe('预约已取消')
    const twice = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/cancel`)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toMatchObject({ code: 'APPOINTMENT_CANCELLED', message: '该预约已取消' })
    expect(await remaining('goodsType=medical', start)).toBe(3)
    // The place is free again for the same user.
    expect((await book(a.cookie, { goodsType: 'medical', slotStart: start })).statusCode).toBe(200)
  })

  it('moves a booking to another slot in one step, and refuses a full or the same slot', async () => {
    const a = await user()
    const from = '2026-11-26T09:00:00.000+08:00'
    const to = '2026-11-26T15:00:00.000+08:00'
    const booked = (await book(a.cookie, { consultantId: 'c-he-jing', slotStart: from })).json<Appointment>()
    const moved = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/reschedule`, { slotStart: to })
    expect(moved.json<Appointment>()).toMatchObject({ id: booked.id, slotStart: to, status: 'BOOKED' })
    expect(await remaining('consultantId=c-he-jing', from)).toBe(1)
    expect(await remaining('consultantId=c-he-jing', to)).toBe(0)
    expect((await titles(a.cookie))[0]).toMatchObject({ title: '预约已改期' })

    const same = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/reschedule`, { slotStart: to })
    expect(same.statusCode).toBe(400)
    const b = await user()
    await book(b.cookie, { consultantId: 'c-he-jing', slotStart: from })
    const full = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/reschedule`, {
      slotStart: from,
    })
    expect(full.statusCode).toBe(409)
    expect(full.json().error.code).toBe('SLOT_FULL')
    // Nothing moved: still booked at `to`, the counters as they were.
    expect((await call(a.cookie, 'GET', `/api/appointments/${booked.id}`)).json().slotStart).toBe(to)
    expect(await remaining('consultantId=c-he-jing', from)).toBe(0)
    expect(await remaining('consultantId=c-he-jing', to)).toBe(0)
  })

  it('books, moves and cancels once when the process dies before each answer, and the keys are sent again', async () => {
    const a = await user()
    const from = '2026-11-27T10:00:00.000+08:00'
    const to = '2026-11-27T11:00:00.000+08:00'
    const crashable = { db: test.db, faults }
    const booked = (
      await crashThenRetry(crashable, 'book-crash-0001', (headers) =>
        book(a.cookie, { goodsType: 'life', slotStart: from, phone: a.phone }, headers),
      )
    ).json<Appointment>()
    expect(await remaining('goodsType=life', from)).toBe(2)
    await crashThenRetry(crashable, 'move-crash-0001', (headers) =>
      call(a.cookie, 'POST', `/api/appointments/${booked.id}/reschedule`, { slotStart: to }, headers),
    )
    expect([await remaining('goodsType=life', from), await remaining('goodsType=life', to)]).toEqual([3, 2])
    await crashThenRetry(crashable, 'cancel-crash-001', (headers) =>
      call(a.cookie, 'POST', `/api/appointments/${booked.id}/cancel`, undefined, headers),
    )
    expect(await remaining('goodsType=life', to)).toBe(3)
    expect((await titles(a.cookie)).map((m) => m.title)).toEqual(['预约已取消', '预约已改期', '预约成功'])
    expect((await outbox(a.phone)).filter((m) => m.code === '')).toHaveLength(3)
  })

  it('refuses to cancel or move within 2 hours of the slot, and shows an ended one as finished', async () => {
    const a = await user()
    const start = '2026-11-22T16:00:00.000+08:00'
    const booked = (await book(a.cookie, { goodsType: 'annuity', slotStart: start })).json<Appointment>()
    clock.advance(2 * HOUR) // 14:00: exactly 2 hours before, still allowed to look, and to change
    expect((await call(a.cookie, 'GET', `/api/appointments/${booked.id}`)).json().changeable).toBe(true)
    clock.advance(1)
    const late = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/cancel`)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatchObject({
      code: 'TOO_LATE_TO_CHANGE',
      message: '距预约开始已不足 2 小时，无法取消或改期；如需调整，请接听顾问来电时说明',
    })
    const move = await call(a.cookie, 'POST', `/api/appointments/${booked.id}/reschedule`, {
      slotStart: '2026-11-23T09:00:00+08:00',
    })
    expect(move.json().error.code).toBe('TOO_LATE_TO_CHANGE')
    expect((await call(a.cookie, 'GET', `/api/appointments/${booked.id}`)).json()).toMatchObject({
      status: 'BOOKED',
      changeable: false,
    })
    clock.advance(3 * HOUR)
    expect((await call(a.cookie, 'GET', `/api/appointments/${booked.id}`)).json().status).toBe('FINISHED')
  })
})
