// The dashboards' range of Beijing days: from the address (?from=&to=&step=), else the last 7 days. Beijing
// calendar days whatever the staff member's computer says (the data is counted by them).
import { addDays, shanghaiDate } from '../../domain/age'
import { rangeProblem } from '../../domain/dashboard'
import type { DayRange, Granularity } from '../api/analytics'

/** Today in Beijing, 'YYYY-MM-DD'. */
export const todayInBeijing = (nowMs = Date.now()) => shanghaiDate(nowMs)

/** The last `days` Beijing days, today included. */
export function lastDays(days: number, nowMs = Date.now()): DayRange {
  const to = todayInBeijing(nowMs)
  return { from: addDays(to, -(days - 1)), to }
}

export const DEFAULT_DAYS = 7

/** The range and step an address asks for; the default (last 7 days, by day) for anything else. */
export function readRangeParams(
  params: URLSearchParams,
  nowMs = Date.now(),
): {
  range: DayRange
  granularity: Granularity
} {
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const range = rangeProblem(from, to) === null ? { from, to } : lastDays(DEFAULT_DAYS, nowMs)
  return { range, granularity: params.get('step') === 'hour' ? 'hour' : 'day' }
}

/** The address's query for a range and step (the step only when not the default). */
export function rangeParams(range: DayRange, granularity: Granularity = 'day'): Record<string, string> {
  return { from: range.from, to: range.to, ...(granularity === 'hour' ? { step: 'hour' } : {}) }
}
