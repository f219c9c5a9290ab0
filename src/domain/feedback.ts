// Feedback (意见反馈): the kinds a user picks from and the bounds of what they write, shared by the form and the
// server. The server's schema holds the same numbers (schemas/api/feedback.schema.json).

export const FEEDBACK_TYPES = {
  suggestion: '产品建议',
  purchase: '投保问题',
  policy: '保单服务',
  claim: '理赔问题',
  bug: '功能异常',
  other: '其他',
} as const

export type FeedbackType = keyof typeof FEEDBACK_TYPES

export const FEEDBACK_STATUS_LABELS = { PENDING: '待处理', REPLIED: '已回复' } as const

export const FEEDBACK_MIN_CHARS = 10
export const FEEDBACK_MAX_CHARS = 500
export const FEEDBACK_MAX_PHOTOS = 6

/** Characters as a reader counts them (an emoji is one), not UTF-16 units. */
export const charCount = (text: string) => [...text].length

/** Why the text cannot be sent, or null. */
export function feedbackContentProblem(content: string): string | null {
  const n = charCount(content.trim())
  if (n < FEEDBACK_MIN_CHARS) return `请至少填写 ${FEEDBACK_MIN_CHARS} 个字`
  if (n > FEEDBACK_MAX_CHARS) return `最多 ${FEEDBACK_MAX_CHARS} 个字`
  return null
}

export const CONTACT_PHONE = /^1[3-9]\d{9}$/
