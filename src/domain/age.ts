// Calendar dates as 'YYYY-MM-DD' strings (Asia/Shanghai calendar days), and 周岁 ages on them.
// Plain integer arithmetic: no Date objects in local time, so results never depend on the machine's zone.

export interface CalendarDate {
  year: number
  month: number
  day: number
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

/** Parses 'YYYY-MM-DD'; null for anything that is not a real calendar date (2023-02-29, 2024-13-01). */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function mustParse(text: string): CalendarDate {
  const date = parseIsoDate(text)
  if (!date) throw new RangeError(`not a calendar date: ${text}`)
  return date
}

/** Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days_from_civil), for differences and adding days. */
function toEpochDay({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

function fromEpochDay(epochDay: number): CalendarDate {
  const z = epochDay + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

export function compareIsoDates(a: string, b: string): number {
  return toEpochDay(mustParse(a)) - toEpochDay(mustParse(b))
}

export function addDays(date: string, days: number): string {
  return formatIsoDate(fromEpochDay(toEpochDay(mustParse(date)) + days))
}

export function daysBetween(from: string, to: string): number {
  return toEpochDay(mustParse(to)) - toEpochDay(mustParse(from))
}

/**
 * The date `years` after `date`. Feb 29 in a common year becomes Mar 1: the year is complete only
 * once Feb 28 has passed (民法典 art. 202: no matching day -> the month's last day ends the period).
 */
export function addYears(date: string, years: number): string {
  const { year, month, day } = mustParse(date)
  const target = year + years
  if (month === 2 && day === 29 && !isLeapYear(target))
    return formatIsoDate({ year: target, month: 3, day: 1 })
  return formatIsoDate({ year: target, month, day })
}

/**
 * 周岁: whole years completed on `onDate`. The age rises on the birthday itself; someone born on Feb 29
 * turns a year older on Mar 1 in common years. Negative when `onDate` is before the birth.
 */
export function ageOn(birthDate: string, onDate: string): number {
  const birth = mustParse(birthDate)
  const on = mustParse(onDate)
  if (compareIsoDates(onDate, birthDate) < 0) return -1
  let age = on.year - birth.year
  if (compareIsoDates(onDate, addYears(birthDate, age)) < 0) age -= 1
  return age
}

/** The Asia/Shanghai calendar day of an instant. */
export function shanghaiDate(epochMs: number): string {
  const d = new Date(epochMs + SHANGHAI_OFFSET_MS)
  return formatIsoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() })
}

/** Tomorrow in Asia/Shanghai: the default policy effective date (T+1). */
export function defaultEffectiveDate(nowMs: number): string {
  return addDays(shanghaiDate(nowMs), 1)
}

/**
 * The day a cover starts, bought on `today`: its own start when it has one (the flight's day, the trip's 出发日期),
 * else tomorrow (T+1). Ages (周岁) are checked on this day.
 */
export function coverStartDate(today: string, startDate?: string | null): string {
  return startDate ?? addDays(today, 1)
}
