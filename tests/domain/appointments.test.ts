import { describe, expect, it } from 'vitest'
import {
  appointmentTopicFor,
  BOOKING_DAYS,
  canChange,
  isAppointmentTopic,
  remainingOf,
  SLOT_CAPACITY,
  slotCalendar,
  slotLabel,
  slotProblem,
} from '../../src/domain/appointments'

// Slot calendar and booking rules, at their edges. Times are Asia/Shanghai (+08:00).
const at = (iso: string) => Date.parse(iso)

describe('slot calendar', () => {
  it('offers 7 days of hourly slots 09:00–17:00, skipping those that start within 30 minutes', () => {
    const days = slotCalendar(at('2026-11-23T10:30:00+08:00'))
    expect(days).toHaveLength(BOOKING_DAYS)
    expect(days[0].day).toBe('2026-11-23')
    expect(days[6].day).toBe('2026-11-29')
    // 11:00 starts in exactly 30 minutes: still offered; 10:00 has begun.
    expect(days[0].starts.map((s) => new Date(s).toISOString())).toEqual(
      [11, 12, 13, 14, 15, 16, 17].map((h) =>
        new Date(at(`2026-11-23T${String(h).padStart(2, '0')}:00:00+08:00`)).toISOString(),
      ),
    )
    expect(days[1].starts).toHaveLength(9)
    expect(slotLabel(days[1].starts[0])).toBe('11月24日 周二 09:00–10:00')
    expect(slotLabel(days[1].starts[8])).toBe('11月24日 周二 17:00–18:00')
  })

  it('leaves today empty after 16:30 and takes the Shanghai day, not the UTC one, just after midnight', () => {
    expect(slotCalendar(at('2026-11-23T16:31:00+08:00'))[0].starts).toEqual([])
    expect(slotCalendar(at('2026-11-23T16:30:00+08:00'))[0].starts).toHaveLength(1)
    // 00:10 in Shanghai is still the previous day in UTC.
    const days = slotCalendar(at('2026-11-24T00:10:00+08:00'))
    expect(days[0].day).toBe('2026-11-24')
    expect(days[0].starts).toHaveLength(9)
  })
})

describe('slot rules', () => {
  const now = at('2026-11-23T10:30:00+08:00')
  it('accepts a whole hour between 09:00 and 17:00 within the 7 days, and nothing else', () => {
    expect(slotProblem(at('2026-11-23T11:00:00+08:00'), now)).toBeNull()
    expect(slotProblem(at('2026-11-29T17:00:00+08:00'), now)).toBeNull()
    expect(slotProblem(at('2026-11-30T09:00:00+08:00'), now)).toBe('仅可预约 7 天内的时段')
    expect(slotProblem(at('2026-11-23T10:00:00+08:00'), now)).toBe('该时段已过或即将开始，请选择其他时段')
    expect(slotProblem(at('2026-11-23T10:59:59+08:00'), now)).toBe('请选择 09:00–18:00 之间的整点时段')
    expect(slotProblem(at('2026-11-24T08:00:00+08:00'), now)).toBe('请选择 09:00–18:00 之间的整点时段')
    expect(slotProblem(at('2026-11-24T18:00:00+08:00'), now)).toBe('请选择 09:00–18:00 之间的整点时段')
    expect(slotProblem(Number.NaN, now)).toBe('预约时段格式不正确')
  })

  it('lets a booking change until exactly 2 hours before its slot', () => {
    const start = at('2026-11-23T14:00:00+08:00')
    expect(canChange(start, at('2026-11-23T12:00:00+08:00'))).toBe(true)
    expect(canChange(start, at('2026-11-23T12:00:00.001+08:00'))).toBe(false)
  })

  it('counts capacity: 3 product calls or 1 consultant call a slot, never below zero', () => {
    expect(SLOT_CAPACITY).toEqual({ product: 3, consultant: 1 })
    expect(remainingOf(3, 2)).toBe(1)
    expect(remainingOf(3, 3)).toBe(0)
    expect(remainingOf(1, 2)).toBe(0)
  })

  it('knows the product types a call may be about', () => {
    expect(isAppointmentTopic('highMedical')).toBe(true)
    expect(isAppointmentTopic('annuity')).toBe(true)
    expect(isAppointmentTopic('toString')).toBe(false)
    expect(isAppointmentTopic('')).toBe(false)
  })
})

describe('the topic of a product', () => {
  it('is the product type a consultant explains, the family plan for anything else', () => {
    expect(appointmentTopicFor('critical')).toBe('critical')
    expect(appointmentTopicFor('health')).toBe('medical')
    expect(appointmentTopicFor('annuity')).toBe('annuity')
    expect(appointmentTopicFor('accident')).toBe('family')
    expect(appointmentTopicFor('no-such-category')).toBe('family')
  })
})
