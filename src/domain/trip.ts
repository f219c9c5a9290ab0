// The trip a travel cover is for: where (a province-level region of the Chinese mainland: the travel product
// covers 境内 trips) and when (出发日期 to 返回日期, both days covered). Pure; the form and the server
// (partners/applicants.ts) run the same checks.
import { addDays, compareIsoDates, daysBetween, isIsoDate } from './age'
import { parseCoveragePeriod } from './periods'

/** A trip may start from tomorrow (cover starts the day after purchase at the earliest) up to this many days on. */
export const TRIP_DAYS_AHEAD = 180

/** Destinations of a 境内 trip: the mainland's provinces, autonomous regions and municipalities. */
export const TRIP_DESTINATIONS = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
] as const

export interface Trip {
  destination: string
  /** 出发日期, YYYY-MM-DD: the cover starts on it. */
  startDate: string
  /** 返回日期, YYYY-MM-DD: the cover's last day. */
  endDate: string
}

/** The longest trip a cover of this period code holds: '7d' → 7 days; a cover in months or years, 90 days. */
export function tripLimitDays(coveragePeriod: string): number {
  const period = parseCoveragePeriod(coveragePeriod)
  return period?.kind === 'days' ? period.count : 90
}

/** Days a trip lasts, both ends counted (a day trip is 1). */
export const tripDays = (trip: Pick<Trip, 'startDate' | 'endDate'>) =>
  daysBetween(trip.startDate, trip.endDate) + 1

/**
 * Field errors (keyed like the form's ids: trip.destination, trip.startDate, trip.endDate) of a trip bought on
 * `today` for a cover of at most `maxDays` days.
 */
export function validateTrip(trip: Trip, today: string, maxDays: number): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!trip.destination) errors['trip.destination'] = '请选择旅行目的地'
  else if (!(TRIP_DESTINATIONS as readonly string[]).includes(trip.destination))
    errors['trip.destination'] = '旅行目的地须为境内省、自治区或直辖市，请从列表中选择'
  const earliest = addDays(today, 1)
  if (!isIsoDate(trip.startDate)) errors['trip.startDate'] = '请选择出发日期'
  else if (compareIsoDates(trip.startDate, earliest) < 0)
    errors['trip.startDate'] = '出发日期最早为明天（保障自出发日零时起）'
  else if (compareIsoDates(trip.startDate, addDays(today, TRIP_DAYS_AHEAD)) > 0)
    errors['trip.startDate'] = `出发日期须在今天起${TRIP_DAYS_AHEAD}天内`
  if (!isIsoDate(trip.endDate)) errors['trip.endDate'] = '请选择返回日期'
  else if (isIsoDate(trip.startDate)) {
    if (compareIsoDates(trip.endDate, trip.startDate) < 0) errors['trip.endDate'] = '返回日期不能早于出发日期'
    else if (tripDays(trip) > maxDays)
      errors['trip.endDate'] = `本产品保障的行程最长${maxDays}天，请调整返回日期`
  }
  return errors
}
