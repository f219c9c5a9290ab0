// Policy dates: effective date (T+1 00:00 Asia/Shanghai), cooling-off end, coverage end.
// Calendar arithmetic comes from age.ts; this file turns calendar days into instants and back.
import {
  addDays,
  addYears,
  compareIsoDates,
  daysInMonth,
  defaultEffectiveDate,
  formatIsoDate,
  parseIsoDate,
} from './age'
import { parseCoveragePeriod } from './periods'

const UNITS = { year: '年', month: '月', day: '日' } as const

/** A date wheel's item with its unit (2020年, 1月, 5日): every antd-mobile DatePicker's `renderLabel`. */
export const chineseWheelLabel = (type: string, data: number): string =>
  type in UNITS ? `${data}${UNITS[type as keyof typeof UNITS]}` : String(data)

/** 2020-01-05 -> 2020年1月5日 (empty for anything else). */
export function chineseDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : ''
}

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The instant a calendar day starts in Asia/Shanghai (China keeps +08:00 all year). */
export function shanghaiMidnightMs(date: string): number {
  const parsed = parseIsoDate(date)
  if (!parsed) throw new RangeError(`not a calendar date: ${date}`)
  return Date.UTC(parsed.year, parsed.month - 1, parsed.day) - SHANGHAI_OFFSET_MS
}

/** ISO 8601 with the +08:00 offset, the API's time format: 2026-11-22T12:00:00.000+08:00. */
export function toShanghaiIso(epochMs: number): string {
  const d = new Date(epochMs + SHANGHAI_OFFSET_MS)
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+08:00`
  )
}

/** "2026-11-23 00:00" for screens; the zone is always Asia/Shanghai. */
export function formatShanghaiDateTime(value: string | number): string {
  const ms = typeof value === 'number' ? value : Date.parse(value)
  if (Number.isNaN(ms)) return ''
  return toShanghaiIso(ms).slice(0, 16).replace('T', ' ')
}

export interface PolicyPeriod {
  /** First covered calendar day (Asia/Shanghai). */
  effectiveDate: string
  effectiveAt: string
  /** Instant coverage ends (exclusive); null for whole-life cover. */
  expiresAt: string | null
  /** Instant the cooling-off period ends (exclusive): a surrender before it refunds in full. */
  coolingOffEndsAt: string
}

/** `date` plus whole months; a day past the target month's end becomes that month's last day. */
export function addMonths(date: string, months: number): string {
  const parsed = parseIsoDate(date)
  if (!parsed) throw new RangeError(`not a calendar date: ${date}`)
  const index = parsed.year * 12 + (parsed.month - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return formatIsoDate({ year, month, day: Math.min(parsed.day, daysInMonth(year, month)) })
}

/**
 * Coverage end (exclusive calendar day) of a coverage period code: days/months/years after the effective
 * date, "toNN" = the insured's NN-th birthday, "life" = none. Unknown codes throw: nothing undatable is sold.
 */
export function coverageEndDate(
  coveragePeriod: string,
  effectiveDate: string,
  insuredBirthday: string,
): string | null {
  const period = parseCoveragePeriod(coveragePeriod)
  if (!period) throw new RangeError(`unknown coverage period: ${coveragePeriod}`)
  switch (period.kind) {
    case 'life':
      return null
    case 'toAge':
      return addYears(insuredBirthday, period.age)
    case 'days':
      return addDays(effectiveDate, period.count)
    case 'months':
      return addMonths(effectiveDate, period.count)
    case 'years':
      return addYears(effectiveDate, period.count)
  }
}

/** The dates of a policy issued at `issuedAtMs`. */
export function policyPeriod(options: {
  issuedAtMs: number
  coveragePeriod: string
  coolingOffDays: number
  insuredBirthday: string
  /** A renewal's start (the old cover's end day); a day already reached starts the day after issue instead. */
  startDate?: string | null
}): PolicyPeriod {
  const earliest = defaultEffectiveDate(options.issuedAtMs)
  const effectiveDate =
    options.startDate && compareIsoDates(options.startDate, earliest) > 0 ? options.startDate : earliest
  const end = coverageEndDate(options.coveragePeriod, effectiveDate, options.insuredBirthday)
  return {
    effectiveDate,
    effectiveAt: toShanghaiIso(shanghaiMidnightMs(effectiveDate)),
    expiresAt: end === null ? null : toShanghaiIso(shanghaiMidnightMs(end)),
    coolingOffEndsAt: toShanghaiIso(shanghaiMidnightMs(addDays(effectiveDate, options.coolingOffDays))),
  }
}
