// Campaigns (活动) declared in page configs: the provably fair draw and the rules the server enforces. Shared by
// the server (which draws) and the fairness page (which lets anyone recompute a draw once the seed is revealed).
// The hashing itself is the caller's (node:crypto on the server, WebCrypto in the browser); this is the mapping.

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
