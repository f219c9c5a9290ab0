import { withQuery } from '../../lib/href'

// Campaigns: the fairness check of a campaign's draws (the spec's /activity/fairness), 我的券 and 我的奖品.

export const campaignPaths = {
  fairness: '/activity/fairness',
  coupons: '/coupons',
  prizes: '/prizes',
} as const

export const fairnessHref = (campaign: string) => withQuery(campaignPaths.fairness, { campaign })
/** 我的券, on one tab (可使用 by default). */
export const couponsHref = (status?: 'usable' | 'used' | 'expired') =>
  withQuery(campaignPaths.coupons, { status })
/** 我的奖品: physical prizes won, with their delivery address. */
export const prizesHref = () => campaignPaths.prizes
