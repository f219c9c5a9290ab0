// Booking a call: the topics a product call may be about, the slot calendar (hourly, Asia/Shanghai), each slot's
// capacity and the cutoff for cancelling or moving a booking. The server counts the bookings (one SQL statement);
// these rules say which slots exist and when a booking may still change.
import { toShanghaiIso } from './dates'

/** The product types a call may be about: the {goodsType} of /productAppointment/{goodsType}. */
export const APPOINTMENT_TOPICS = {
  highMedical: '高端医疗',
  medical: '百万医疗',
  critical: '重疾险',
  life: '寿险',
  annuity: '年金',
  education: '教育金',
  family: '家庭保障规划',
} as const

export type AppointmentTopic = keyof typeof APPOINTMENT_TOPICS

export const isAppointmentTopic = (value: string): value is AppointmentTopic =>
  Object.prototype.hasOwnProperty.call(APPOINTMENT_TOPICS, value)

/** The topic a product of a catalog category is talked about under (预约咨询 from the product's page). */
const TOPIC_OF_CATEGORY: Partial<Record<string, AppointmentTopic>> = {
  medical: 'medical',
  health: 'medical',
  critical: 'critical',
  life: 'life',
  annuity: 'annuity',
  education: 'education',
}

export const appointmentTopicFor = (category: string): AppointmentTopic =>
  TOPIC_OF_CATEGORY[category] ?? 'family'

/** Days offered: today and the 6 days after it (calendar days in Asia/Shanghai). */
export const BOOKING_DAYS = 7
/** Slot start hours (Asia/Shanghai): 09:00 … 17:00, each an hour long, the last ending at 18:00. */
export const SLOT_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17] as const
export const SLOT_MINUTES = 60
/** A slot is offered until 30 minutes before it starts (someone must be free to call). */
export const BOOKING_LEAD_MS = 30 * 60_000
/** A booking may be cancelled or moved until 2 hours before its slot. */
export const CHANGE_CUTOFF_MS = 2 * 3600_000

/** Upcoming bookings one user may hold at once (so nobody fills a consultant's week). */
export const MAX_ACTIVE_BOOKINGS = 5

/** How many calls one slot takes: product calls are answered by the service desk, a consultant takes one. */
export const SLOT_CAPACITY = { product: 3, consultant: 1 } as const

const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS

/** The Asia/Shanghai calendar day of an instant, "2026-11-22". */
export const shanghaiDay = (epochMs: number): string => toShanghaiIso(epochMs).slice(0, 10)

/** The instant an Asia/Shanghai day starts. */
const dayStartMs = (epochMs: number) =>
  Math.floor((epochMs + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS

export interface SlotDay {
  /** "2026-11-22" (Asia/Shanghai). */
  day: string
  /** Slot starts (epoch ms) still bookable on that day, earliest first; empty when the day has none left. */
  starts: number[]
}

/** Every bookable slot from `now`: today and the next 6 days, skipping slots that start within the lead time. */
export function slotCalendar(now: number): SlotDay[] {
  const first = dayStartMs(now)
  const days: SlotDay[] = []
  for (let d = 0; d < BOOKING_DAYS; d++) {
    const midnight = first + d * DAY_MS
    const starts = SLOT_HOURS.map((h) => midnight + h * HOUR_MS).filter((s) => s - now >= BOOKING_LEAD_MS)
    days.push({ day: shanghaiDay(midnight), starts })
  }
  return days
}

/** Why a slot cannot be booked now (Chinese, for the API), or null when it can. */
export function slotProblem(start: number, now: number): string | null {
  if (!Number.isFinite(start)) return '预约时段格式不正确'
  const offset = start - dayStartMs(start)
  const onTheHour = offset % HOUR_MS === 0
  const hour = offset / HOUR_MS
  if (!onTheHour || !(SLOT_HOURS as readonly number[]).includes(hour))
    return '请选择 09:00–18:00 之间的整点时段'
  if (start - now < BOOKING_LEAD_MS) return '该时段已过或即将开始，请选择其他时段'
  if (dayStartMs(start) >= dayStartMs(now) + BOOKING_DAYS * DAY_MS)
    return `仅可预约 ${BOOKING_DAYS} 天内的时段`
  return null
}

/** Whether a booking of the slot starting at `start` may still be cancelled or moved at `now`. */
export const canChange = (start: number, now: number): boolean => start - now >= CHANGE_CUTOFF_MS

/** "11月23日 周一 10:00–11:00" for screens and messages. */
export function slotLabel(start: number): string {
  const iso = toShanghaiIso(start)
  const month = Number(iso.slice(5, 7))
  const day = Number(iso.slice(8, 10))
  const weekday = '日一二三四五六'[new Date(start + SHANGHAI_OFFSET_MS).getUTCDay()]
  const end = toShanghaiIso(start + SLOT_MINUTES * 60_000).slice(11, 16)
  return `${month}月${day}日 周${weekday} ${iso.slice(11, 16)}–${end}`
}

/** Slots left, never below zero. */
export const remainingOf = (capacity: number, booked: number): number => Math.max(0, capacity - booked)
