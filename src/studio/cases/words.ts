// The colours of the 服务工单 screens' statuses; the words are the domain's, as the consumer screens show them.
import { CLAIM_STATUSES as CLAIM_WORDS, DOCUMENT_KINDS, type ClaimStatus } from '../../domain/claims'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_TYPES } from '../../domain/feedback'
import type { AppointmentStatus, FeedbackStatus } from '../api/cases'

export { DOCUMENT_KINDS, FEEDBACK_TYPES }

export const FEEDBACK_STATUSES: Record<FeedbackStatus, { name: string; color: string }> = {
  PENDING: { name: FEEDBACK_STATUS_LABELS.PENDING, color: 'orange' },
  REPLIED: { name: FEEDBACK_STATUS_LABELS.REPLIED, color: 'green' },
}

const CLAIM_COLORS: Record<ClaimStatus, string> = {
  SUBMITTED: 'blue',
  UNDER_REVIEW: 'processing',
  NEED_SUPPLEMENT: 'orange',
  APPROVED: 'cyan',
  PAID: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
}

export const claimStatus = (status: ClaimStatus) => ({
  name: CLAIM_WORDS[status],
  color: CLAIM_COLORS[status],
})
export const CLAIM_STATUS_KEYS = Object.keys(CLAIM_WORDS) as ClaimStatus[]

export const APPOINTMENT_STATUSES: Record<AppointmentStatus, { name: string; color: string }> = {
  pending: { name: '待确认', color: 'orange' },
  confirmed: { name: '已确认', color: 'green' },
  cancelled: { name: '已取消', color: 'default' },
  finished: { name: '已结束', color: 'default' },
}

/** Fen as yuan with two decimals: 128000 -> "¥1,280.00". */
export const money = (fen: number | null | undefined) =>
  fen === null || fen === undefined
    ? '—'
    : `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
