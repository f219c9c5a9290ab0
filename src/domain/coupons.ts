// A coupon's status and validity (领取, issue 14), apart from the campaign forms' field rules so that a page
// showing a coupon does not load the certificate and age checks with it. Pure; used by the UI and the server.
import { formatShanghaiDateTime } from './dates'

export type CouponStatus = 'usable' | 'used' | 'expired'

export const COUPON_STATUS_TEXT: Record<CouponStatus, string> = {
  usable: '可使用',
  used: '已使用',
  expired: '已过期',
}

/** A coupon's status at server time: used wins over expired (a used coupon stays 已使用). */
export function couponStatus(
  coupon: { usedAt: string | null; validTo: string },
  nowMs: number,
): CouponStatus {
  if (coupon.usedAt) return 'used'
  return nowMs >= Date.parse(coupon.validTo) ? 'expired' : 'usable'
}

/** From when to when a coupon issued at `issuedAtMs` is valid: validDays from issue, cut at validUntil. */
export function couponValidity(
  issuedAtMs: number,
  reward: { validDays: number; validUntil?: string },
): { fromMs: number; toMs: number } {
  const byDays = issuedAtMs + reward.validDays * 86_400_000
  const until = reward.validUntil ? Date.parse(reward.validUntil) : Infinity
  return { fromMs: issuedAtMs, toMs: Math.min(byDays, until) }
}

/**
 * How long a coupon issued at `issuedAtMs` lasts, in words, from couponValidity (so the words are the expiry):
 * "N 天内有效" while the days decide it, "有效期至 YYYY-MM-DD" once the latest date cuts them short.
 */
export function couponValidityText(
  issuedAtMs: number,
  reward: { validDays: number; validUntil?: string },
): string {
  const { toMs } = couponValidity(issuedAtMs, reward)
  if (toMs === issuedAtMs + reward.validDays * 86_400_000) return `${reward.validDays} 天内有效`
  return `有效期至 ${formatShanghaiDateTime(toMs).slice(0, 10)}`
}
