import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  Appointment,
  DeskAppointment,
  DeskAppointmentList,
  SlotCalendar,
} from '../../src/types/generated/api/appointment'
import type { MessagePage } from '../../src/types/generated/api/message'
import { slotAt } from './deskFixtures'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// 预约管理: agents see bookings (phones masked; the full number an audited reveal), confirm one once (two tabs at
// once confirm once: on PostgreSQL the requests really run in parallel) and move one to another slot (its places
// counted, confirmed by the move); the consumer gets a message for each; a consumer's own move drops the
// confirmation.
let test: TestApp
let agent = ''
let admin = ''
let cookie = ''
const clock = testClock(new Date('2026-11-22T04:00:00.000Z')) // 12:00 in Shanghai

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
  agent = await staffLogin(test.app, 'agent')
  admin = await staffLogin(test.app, 'admin')
  cookie = await loginAs(test.app, '13720009101', '10.71.0.1')
})
afterAll(async () => test.close())

const book = async (day: number, hour: number) =>
  (
    await json(test.app, {
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      body: {
        goodsType: 'medical',
        slotStart: slotAt(clock.now().getTime(), day, hour).toISOString(),
        phone: '13812345678',
        needs: '想了解续保',
      },
    })
  ).json<Appointment>()

const systemMessages = async () =>
  (await test.app.inject({ url: '/api/messages?category=system', headers: { cookie } })).json<MessagePage>()
    .items

describe('the appointments desk', () => {
  it('lists pending bookings masked, reveals with an audit, confirms once with a message', async () => {
    const booked = await book(1, 10)
    const list = (
      await as(test.app, agent, 'GET', '/api/studio/cases/appointments?status=pending')
    ).json<DeskAppointmentList>()
    expect(list.items.find((a) => a.id === booked.id)).toMatchObject({
      phone: '138****5678',
      status: 'pending',
      subject: '百万医疗',
      changeable: true,
    })
    expect(
      (await as(test.app, agent, 'GET', `/api/studio/cases/appointments/${booked.id}/phone`)).json(),
    ).toEqual({
      phone: '13812345678',
    })
    const confirmed = await as(test.app, agent, 'POST', `/api/studio/cases/appointments/${booked.id}/confirm`)
    expect(confirmed.json<DeskAppointment>()).toMatchObject({
      status: 'confirmed',
      confirmedBy: expect.any(String),
    })
    const again = await as(test.app, admin, 'POST', `/api/studio/cases/appointments/${booked.id}/confirm`)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toMatch(/^该预约已由.+确认，无需再确认$/)
    expect((await systemMessages())[0]).toMatchObject({ kind: 'appointment_confirmed', title: '预约已确认' })
    // The customer's own list says it is confirmed.
    const mine = (await test.app.inject({ url: '/api/appointments', headers: { cookie } })).json<{
      items: { id: string; confirmedAt: string | null }[]
    }>()
    expect(mine.items.find((a) => a.id === booked.id)?.confirmedAt).toEqual(expect.any(String))
    const audit = await test.db.db
      .selectFrom('staff_audit')
      .select('action')
      .where('action', '!=', 'login')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['appointment_phone_view', 'appointment_confirm'])
  })

  it('moves a booking to a free slot, counting places, confirmed by the move; the consumer moving it again unconfirms', async () => {
    const booked = await book(2, 11)
    const slots = (
      await as(test.app, agent, 'GET', `/api/studio/cases/appointments/${booked.id}/slots`)
    ).json<SlotCalendar>()
    const to = slots.days[3].slots.find((s) => s.remaining > 0)?.start ?? ''
    const moved = await as(
      test.app,
      agent,
      'POST',
      `/api/studio/cases/appointments/${booked.id}/reschedule`,
      { slotStart: to },
    )
    expect(moved.json<DeskAppointment>()).toMatchObject({ status: 'confirmed', slotStart: to })
    expect((await systemMessages())[0]).toMatchObject({ kind: 'appointment_booked', title: '预约已改期' })
    const counters = await test.db.db
      .selectFrom('appointment_slots')
      .select(['slot_start', 'booked'])
      .execute()
    expect(counters.find((c) => c.slot_start.getTime() === Date.parse(to))?.booked).toBe(1)
    expect(counters.find((c) => c.slot_start.getTime() === Date.parse(booked.slotStart))?.booked).toBe(0)

    const back = slotAt(clock.now().getTime(), 2, 15).toISOString()
    await json(test.app, {
      method: 'POST',
      url: `/api/appointments/${booked.id}/reschedule`,
      headers: { cookie },
      body: { slotStart: back },
    })
    const list = (
      await as(test.app, agent, 'GET', '/api/studio/cases/appointments?status=pending')
    ).json<DeskAppointmentList>()
    expect(list.items.map((a) => a.id)).toContain(booked.id)

    const bad = await as(test.app, agent, 'POST', `/api/studio/cases/appointments/${booked.id}/reschedule`, {
      slotStart: slotAt(clock.now().getTime(), 2, 20).toISOString(),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('slotStart')
  })

  it('confirms once when two tabs confirm at the same moment', async () => {
    const booked = await book(3, 9)
    const confirm = (staff: string) =>
      as(test.app, staff, 'POST', `/api/studio/cases/appointments/${booked.id}/confirm`)
    const answers = await Promise.all([confirm(agent), confirm(admin), confirm(agent)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    const sent = (await systemMessages()).filter((m) => m.kind === 'appointment_confirmed')
    expect(sent).toHaveLength(2)
  })
})
