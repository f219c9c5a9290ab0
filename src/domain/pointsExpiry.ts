// Points expire at the end of the calendar year after the one they were earned in (Asia/Shanghai): what was
// earned in 2026 is usable until 2027-12-31 and gone on 2028-01-01. Spending uses the oldest points first, so
// what expires is what is left of that year's (and earlier) earnings after everything spent since.
import { shanghaiDate } from './age'
import { shanghaiMidnightMs } from './dates'

/** Ledger kinds that earn points (a cancelled exchange's refund is not an earning: it undoes a spending). */
export const EARNING_KINDS = ['sign_in', 'sign_in_bonus', 'policy', 'campaign'] as const

/** Days before the expiry date the user is warned. */
export const EXPIRY_WARNING_DAYS = 30

/** The last usable day of points earned in `year`. */
export const lastUsableDay = (year: number): string => `${year + 1}-12-31`

/** The instant points earned in `year` expire: the start of 1 January two years on, in Shanghai. */
export const expiryInstantMs = (year: number): number => shanghaiMidnightMs(`${year + 2}-01-01`)

/** The instant earnings of `year` stop counting (the start of the next year). */
export const yearEndMs = (year: number): number => shanghaiMidnightMs(`${year + 1}-01-01`)

/** The earning year whose points expire at the end of this calendar year (Shanghai). */
export const yearExpiringThisYear = (nowMs: number): number => Number(shanghaiDate(nowMs).slice(0, 4)) - 1

/** Whether the warning for points earned in `year` is due: from 30 days before their last day. */
export function warningDue(year: number, nowMs: number): boolean {
  return (
    nowMs >= expiryInstantMs(year) - (EXPIRY_WARNING_DAYS + 1) * 86_400_000 && nowMs < expiryInstantMs(year)
  )
}

/**
 * How many points of the years up to `year` are still unspent: earned up to the end of `year`, less every
 * point that has left the balance since (spent, frozen, clawed back, expired), never below zero and never more
 * than the usable balance.
 */
export function unspentOf(earnedThroughYear: number, outflow: number, usable: number): number {
  return Math.max(0, Math.min(usable, earnedThroughYear - outflow))
}
