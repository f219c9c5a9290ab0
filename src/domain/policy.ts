// Policy statuses (docs/architecture.md) and the cooling-off rule.
import { purchaseText } from './purchaseTexts'

export const POLICY_STATUSES = ['PENDING_EFFECTIVE', 'IN_FORCE', 'EXPIRED', 'SURRENDERED'] as const
export type PolicyStatus = (typeof POLICY_STATUSES)[number]

export const POLICY_STATUS_TEXT: Record<PolicyStatus, string> = {
  PENDING_EFFECTIVE: '待生效',
  IN_FORCE: '保障中',
  EXPIRED: '已过期',
  SURRENDERED: '已退保',
}

export interface PolicyDates {
  effectiveAt: string
  expiresAt: string | null
  surrenderedAt: string | null
}

/** Status on `nowMs`: only a surrender is stored, the rest follows from the dates. */
export function policyStatusAt(policy: PolicyDates, nowMs: number): PolicyStatus {
  if (policy.surrenderedAt) return 'SURRENDERED'
  if (nowMs < Date.parse(policy.effectiveAt)) return 'PENDING_EFFECTIVE'
  if (policy.expiresAt !== null && nowMs >= Date.parse(policy.expiresAt)) return 'EXPIRED'
  return 'IN_FORCE'
}

/** A full refund is due for a surrender before the cooling-off period ends. */
export function canSurrenderInCoolingOff(
  policy: PolicyDates & { coolingOffEndsAt: string },
  nowMs: number,
): boolean {
  return !policy.surrenderedAt && nowMs < Date.parse(policy.coolingOffEndsAt)
}

/** Policy number: GH + yyyymmdd (Asia/Shanghai issue day) + 8 digits. */
export function formatPolicyNo(issueDate: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 99_999_999)
    throw new RangeError(`bad serial ${serial}`)
  return `GH${issueDate.replaceAll('-', '')}${String(serial).padStart(8, '0')}`
}

export const POLICY_NO_PATTERN = /^GH\d{8}\d{8}$/

/**
 * The cooling-off period in one wording on every screen and document: counted from the policy's effective
 * date, as policyPeriod computes it (src/domain/dates.ts). A product without one says so plainly.
 */
export function coolingOffSentence(days: number): string {
  return days > 0 ? purchaseText('coolingOff', { days }) : purchaseText('noCoolingOff')
}

/** The short form for summaries: "生效后15天内可全额退保", or "不设犹豫期". */
export function coolingOffShort(days: number): string {
  return days > 0 ? `生效后${days}天内可全额退保` : '不设犹豫期'
}

/** Days before a policy's cover ends that its holder is reminded. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const
export type ExpiryReminder = (typeof EXPIRY_REMINDER_DAYS)[number]

/**
 * The reminder due when the cover ends `daysLeft` calendar days from today (1: tomorrow): the nearest of 30, 7
 * and 1 days at or above it, so a policy bought with 20 days left gets the 30-day one once, then the 7-day one.
 */
export function expiryReminderFor(daysLeft: number): ExpiryReminder | null {
  if (!Number.isInteger(daysLeft) || daysLeft < 1) return null
  const due = [...EXPIRY_REMINDER_DAYS].reverse().find((days) => daysLeft <= days)
  return due ?? null
}

/**
 * A gift policy (赠险: given free by a campaign, zero premium) is never offered for a paid renewal: it is not in
 * 续保, not renewed by 一键续保 or automatically, and its expiry reminder asks for nothing.
 */
export const isGiftPolicy = (policy: { premiumFen: number }): boolean => policy.premiumFen === 0

export const GIFT_NOT_RENEWABLE = '赠险为活动赠送，到期后保障终止，不提供付费续保'

/** Why a policy is surrendered in its cooling-off period: asked before confirming, one of these (stored). */
export const SURRENDER_REASONS = [
  '不需要这份保障了',
  '买错了或信息填错了',
  '找到了更合适的产品',
  '保费超出预算',
  '其他原因',
] as const

/** Policies whose cover ends within this many days are offered for renewal (续保), starting the day it ends. */
export const RENEWAL_WINDOW_DAYS = 60

/** 特别约定 of a policy issued 除外承保, before its list of exclusions (the policy page and the e-policy). */
export const EXCLUSIONS_PREAMBLE =
  '根据健康告知的核保结论（除外承保），本保单对下列疾病及其并发症不承担保险责任：'
