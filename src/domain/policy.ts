// Policy statuses (DESIGN.md §8) and the cooling-off rule.

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
  return days > 0
    ? `犹豫期：自保单生效之日起${days}日内为犹豫期，期间解除合同将全额退还保费`
    : '本产品不设犹豫期'
}

/** The short form for summaries: "生效后15天内可全额退保", or "不设犹豫期". */
export function coolingOffShort(days: number): string {
  return days > 0 ? `生效后${days}天内可全额退保` : '不设犹豫期'
}
