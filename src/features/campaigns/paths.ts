import { withQuery } from '../../lib/href'

// Campaigns: the fairness check of a campaign's draws (the spec's /activity/fairness).

export const campaignPaths = {
  fairness: '/activity/fairness',
} as const

export const fairnessHref = (campaign: string) => withQuery(campaignPaths.fairness, { campaign })
