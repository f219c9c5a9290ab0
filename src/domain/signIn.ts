// Daily sign-in (签到): one per calendar day in Asia/Shanghai; the streak grows by one when yesterday was signed,
// else starts again at 1 (missed days are not back-filled); the reward follows a ladder by streak day in a
// cycle (the last day of the cycle is the bonus). Shared by the server (which decides) and the screens.
import { addDays, daysInMonth, parseIsoDate, shanghaiDate } from './age'

/** Points for day 1…7 of a streak's cycle; day 7 is the bonus. The server's config; screens get it from the API. */
export const SIGN_IN_LADDER: readonly number[] = [5, 5, 10, 10, 15, 15, 50]

/** Beans (金豆) a completed cycle earns on its last day, besides that day's points. */
export const SIGN_IN_CYCLE_BEANS = 20

/** The beans a sign-in on streak day `streak` earns: the cycle bonus on each cycle's last day. */
export function cycleBeansFor(streak: number, ladder: readonly number[] = SIGN_IN_LADDER): number {
  return Number.isInteger(streak) && streak >= 1 && ladder.length > 0 && streak % ladder.length === 0
    ? SIGN_IN_CYCLE_BEANS
    : 0
}

/** The calendar day (YYYY-MM-DD, Asia/Shanghai) of an instant: the day a sign-in counts for. */
export const signInDay = (epochMs: number): string => shanghaiDate(epochMs)

/** The streak after signing in on `day`, given the day and streak of the last sign-in before it. */
export function nextStreak(day: string, last: { day: string; streak: number } | null): number {
  return last && addDays(last.day, 1) === day ? last.streak + 1 : 1
}

/** The points a sign-in on streak day `streak` (1-based) earns. */
export function rewardFor(streak: number, ladder: readonly number[] = SIGN_IN_LADDER): number {
  if (!Number.isInteger(streak) || streak < 1 || ladder.length === 0) return 0
  return ladder[(streak - 1) % ladder.length]
}

/** The month (YYYY-MM) a day belongs to, and its days from the 1st to the last. */
export function monthDays(month: string): string[] {
  const first = parseIsoDate(`${month}-01`)
  if (!first) return []
  return Array.from({ length: daysInMonth(first.year, first.month) }, (_, i) => addDays(`${month}-01`, i))
}

/** "2026-11": a month as the API and the calendar take it; null when not one. */
export function parseMonth(value: string): string | null {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null
}
