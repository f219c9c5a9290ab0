import { addDays } from '../../../src/domain/age'
import { shanghaiMidnightMs } from '../../../src/domain/dates'
import type { Flow } from '../../../src/types/generated/api/partner'

// The deadline by which a paid partner order must be issued (partner_products.issue_deadline, 220_…sql). Past
// it the order is refunded instead and anything the insurer issues for it later is voided: no cover is sold
// after it could have started, and no customer waits days holding none.
//   cover_start    (air, travel) before the cover starts: 00:00 Asia/Shanghai of the order's start day (the
//                  flight's day, the trip's first day). An order paid on that day already (a same-day flight: its
//                  cover starts at issue) gets `withinMinutes` from payment, and never past the day's end. An
//                  order without a start day gets `withinMinutes` from payment.
//   after_payment  (华汀安行, 职护: cover starts the day after issue) `withinMinutes` from payment.

export type IssueDeadlineRule = 'cover_start' | 'after_payment'

export interface IssueDeadline {
  rule: IssueDeadlineRule
  withinMinutes: number
}

export function issueDeadlineAt(deadline: IssueDeadline, paidAt: Date, startDate: string | null): Date {
  const within = paidAt.getTime() + deadline.withinMinutes * 60_000
  if (deadline.rule === 'after_payment' || !startDate) return new Date(within)
  const coverStart = shanghaiMidnightMs(startDate)
  if (paidAt.getTime() < coverStart) return new Date(coverStart)
  return new Date(Math.min(within, shanghaiMidnightMs(addDays(startDate, 1))))
}

const COVER_START_TEXT: Partial<Record<Flow, string>> = {
  airAccident: '航班出行前',
  huataitravel: '行程开始前',
}

/** Why an order past its deadline was refunded, for the user (shown in 出单失败，已为您退款（…）). */
export function overdueReason(deadline: IssueDeadline, flow: Flow): string {
  if (deadline.rule === 'cover_start')
    return `${COVER_START_TEXT[flow] ?? '保障开始前'}保险公司未能及时出单，保障无法生效`
  const hours = deadline.withinMinutes / 60
  return Number.isInteger(hours)
    ? `保险公司未能在支付后${hours}小时内出单`
    : `保险公司未能在支付后${deadline.withinMinutes}分钟内出单`
}
