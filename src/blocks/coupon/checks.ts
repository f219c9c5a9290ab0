import { campaignRefCheck } from '../../page-config/campaignRef'

/** The block collects (领取) from a coupon campaign declared by the same page. */
export const check = campaignRefCheck(['coupon'], '领券活动')
