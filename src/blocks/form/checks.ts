import { campaignRefCheck } from '../../page-config/campaignRef'

/** The block fills in a form or gift-claim campaign declared by the same page. */
export const check = campaignRefCheck(['form', 'gift-claim'], '表单或赠险活动')
