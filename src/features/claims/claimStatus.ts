import { CLAIM_STATUSES, type ClaimStatus } from '../../domain/claims'

// How the list and the detail show a claim's status: its Chinese name, a colour and one line of what it means.

export type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger'

export const CLAIM_STATUS_COLORS: Record<ClaimStatus, TagColor> = {
  SUBMITTED: 'primary',
  UNDER_REVIEW: 'primary',
  NEED_SUPPLEMENT: 'warning',
  APPROVED: 'success',
  PAID: 'success',
  REJECTED: 'danger',
  WITHDRAWN: 'default',
}

export const CLAIM_STATUS_EXPLAINED: Record<ClaimStatus, string> = {
  SUBMITTED: '申请已提交，等待理赔审核',
  UNDER_REVIEW: '审核员正在核对您的材料，请耐心等待',
  NEED_SUPPLEMENT: '请按下方要求补充材料，补充后将继续审核',
  APPROVED: '审核通过，赔款将支付至您的收款账户',
  PAID: '赔款已支付，请留意银行卡入账',
  REJECTED: '很抱歉，本次理赔未通过审核',
  WITHDRAWN: '您已撤回本次理赔申请',
}

export const claimStatusName = (status: ClaimStatus): string => CLAIM_STATUSES[status]

/** What the explained line is: the next step while the claim goes on, its result once it has ended. */
export const claimStepLabel = (status: ClaimStatus): string =>
  status === 'PAID' || status === 'REJECTED' || status === 'WITHDRAWN' ? '结果：' : '下一步：'

/** Amounts on claim screens: yuan with two decimals (1234500 -> "12345.00"). */
export const claimYuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`
