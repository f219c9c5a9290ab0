import { withQuery } from '../../lib/href'

// Help (常见问题): the FAQ by category with search, and one question. Paths as the specification names them.

export const helpPaths = {
  faq: '/comProblem',
  question: '/problems',
  /** 意见反馈, built by the feedback area; linked by its plain path. */
  feedback: '/feedBack',
} as const

export const faqHref = (category?: string) => withQuery(helpPaths.faq, { category })
export const faqQuestionHref = (id: string) => withQuery(helpPaths.question, { id })
export const feedbackHref = () => helpPaths.feedback
export const backToFaq = { to: helpPaths.faq, label: '返回常见问题' }
