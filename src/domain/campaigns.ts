// Campaigns (活动) declared in page configs: the provably fair draw and the rules the server enforces. Shared by
// the server (which draws) and the fairness page (which lets anyone recompute a draw once the seed is revealed).
// The hashing itself is the caller's (node:crypto on the server, WebCrypto in the browser); this is the mapping.
// The studio's preview sandbox (page-runtime/campaignSandbox.ts) runs the same rules on a throwaway state.
import type { CampaignReward } from '../types/generated/page'
import { ENTRY_FRESH_DAYS } from './campaignForms'
import { couponValidityText } from './coupons'

/** What a draw's HMAC is computed over, keyed by the campaign's secret seed. */
export const drawMessage = (campaignId: string, userId: string, seq: number): string =>
  `${campaignId}:${userId}:${seq}`

/**
 * The draw's random number in [0, 1): the first 48 bits of HMAC-SHA256(seed, drawMessage(...)). The seed is fixed
 * (and its SHA-256 published) before the first draw, so neither side can choose the outcome.
 */
export function unitFromMac(mac: Uint8Array): number {
  let n = 0
  for (let i = 0; i < 6; i++) n = n * 256 + mac[i]
  return n / 2 ** 48
}

export interface Weighted {
  id: string
  weight: number
}

/**
 * Maps `u` onto the prizes that still have stock, in their config order, by weight: each gets the share of
 * [0, 1) its weight is of the total. Null when none is left (or every weight is 0): 谢谢参与.
 */
export function pickPrize(u: number, available: readonly Weighted[]): string | null {
  const total = available.reduce((sum, p) => sum + p.weight, 0)
  if (total <= 0) return null
  let point = u * total
  for (const prize of available) {
    if (point < prize.weight) return prize.id
    point -= prize.weight
  }
  // Floating point at the very top of the range: the last prize with weight.
  return [...available].reverse().find((p) => p.weight > 0)?.id ?? null
}

/** A campaign's window; for a campaign of a studio page also 'offline' (its page version is not live). */
export type CampaignStatus = 'upcoming' | 'live' | 'ended' | 'offline'

/** Where `nowMs` falls against a campaign's window: the end itself is already past. */
export function campaignStatus(
  startMs: number,
  endMs: number,
  nowMs: number,
): Exclude<CampaignStatus, 'offline'> {
  if (nowMs < startMs) return 'upcoming'
  return nowMs >= endMs ? 'ended' : 'live'
}

/** Why a campaign is not open at `nowMs` (null when it is). */
export function windowProblem(window: { startAt: string; endAt: string }, nowMs: number): string | null {
  const status = campaignStatus(Date.parse(window.startAt), Date.parse(window.endAt), nowMs)
  return status === 'upcoming' ? '活动尚未开始' : status === 'ended' ? '活动已结束' : null
}

/**
 * A user's chances left: in total, and now (also under the day's limit), from what was used in all and today.
 * The day's count never exceeds the total's, so without a daily limit "now" is the total.
 */
export function chancesLeft(
  limits: { perUserTotal: number; perUserPerDay?: number },
  used: number,
  usedToday: number,
): { left: number; leftTotal: number } {
  const leftTotal = limits.perUserTotal - used
  const leftToday = (limits.perUserPerDay ?? limits.perUserTotal) - usedToday
  return { left: Math.max(0, Math.min(leftTotal, leftToday)), leftTotal: Math.max(0, leftTotal) }
}

/** What a refused chance says: a draw's, a gift's or a form's (each area has its own words). */
export interface ChanceRefusal {
  total: string
  today: string
}

export const DRAW_REFUSAL: ChanceRefusal = {
  total: '您的抽奖次数已用完',
  today: '今日抽奖次数已用完，明天再来吧',
}
export const COLLECT_REFUSAL: ChanceRefusal = {
  total: '您已领取过，本活动每人限领次数已用完',
  today: '今日已领取，明天再来吧',
}
export const ENTRY_REFUSAL: ChanceRefusal = {
  total: '您已提交过，本活动每人提交次数已用完',
  today: '今日已提交，明天再来吧',
}

/** Whether a prize can still be drawn: it has weight, stock left and room under today's cap. */
export function prizeOpen(prize: {
  weight: number
  stock: number | null
  awarded: number
  dailyCap: number | null
  awardedToday: number
}): boolean {
  return (
    prize.weight > 0 &&
    (prize.stock === null || prize.awarded < prize.stock) &&
    (prize.dailyCap === null || prize.awardedToday < prize.dailyCap)
  )
}

/** What a reward is, in words (the draw list and the message), as it is given at `nowMs`. */
export function rewardText(reward: CampaignReward, name: string, nowMs: number): string {
  switch (reward.kind) {
    case 'points':
      return `${reward.amount} 积分`
    case 'beans':
      return `${reward.amount} 金豆`
    case 'coupon':
      // The words come from the expiry a coupon issued now gets (rewards.ts), not from the config's numbers.
      return `${name}（${reward.benefit}，${couponValidityText(nowMs, reward)}）`
    case 'physical':
      return `${name}（${reward.description}）`
    case 'gift-policy':
      return `${name}（赠险）`
    case 'nothing':
      return '谢谢参与'
  }
}

/** A campaign's eligibility rules (campaignEligibility of schemas/page.schema.json). */
export interface EligibilityRules {
  minLevel?: string
  newUserDays?: number
  realName?: boolean
  entryOf?: string
}

/** What the rules ask of a user (the server reads them from the database; a preview has a sample user). */
export interface EligibilityFacts {
  realNameVerified: boolean
  registeredAtMs: number
  /** The member level code (V1…V5), when the rules ask for one. */
  level?: string
  /** Whether the user took part in `entryOf` within the last ENTRY_FRESH_DAYS days, when the rules ask for it. */
  entered?: boolean
  /** The title of the campaign `entryOf` names, when known. */
  entryTitle?: string
}

const DAY_MS = 86_400_000

/**
 * Why this user may not take part yet, and what to do (null: they may): shown before a tap, refused on it. The
 * checks run in this order, the first failing one speaks.
 */
export function eligibilityProblem(
  rules: EligibilityRules | undefined,
  facts: EligibilityFacts,
  nowMs: number,
): string | null {
  if (!rules) return null
  if (rules.realName && !facts.realNameVerified) return '完成实名认证后才能参与本活动'
  if (rules.newUserDays && nowMs - facts.registeredAtMs > rules.newUserDays * DAY_MS)
    return `本活动仅限注册 ${rules.newUserDays} 天内的新用户参与`
  if (rules.minLevel && (facts.level ?? '') < rules.minLevel)
    return `本活动仅限 ${rules.minLevel} 及以上会员参与`
  // An entry of the other campaign (a form, e.g. "used a calculator") within the last days; never a purchase.
  if (rules.entryOf && !facts.entered)
    return `请先${facts.entryTitle ? `完成“${facts.entryTitle}”` : '完成活动要求的任务'}（${ENTRY_FRESH_DAYS} 天内有效）再来参与`
  return null
}
