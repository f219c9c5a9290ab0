import { CONTACT_PHONE, feedbackContentProblem, type FeedbackType } from '../../domain/feedback'

export interface FeedbackDraft {
  type: FeedbackType | null
  content: string
  contactPhone: string
}

export type DraftProblems = Partial<Record<'type' | 'content' | 'contactPhone', string>>

/** What keeps the draft from being sent, per field (empty when it can go). */
export function draftProblems(draft: FeedbackDraft): DraftProblems {
  const problems: DraftProblems = {}
  if (!draft.type) problems.type = '请选择反馈类型'
  const content = feedbackContentProblem(draft.content)
  if (content) problems.content = content
  const phone = draft.contactPhone.trim()
  if (phone && !CONTACT_PHONE.test(phone)) problems.contactPhone = '请输入正确的11位手机号'
  return problems
}
