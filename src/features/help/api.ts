import useSWR from 'swr'
import type { FaqCategory, FaqList, FaqQuestion } from '../../types/generated/api/help'

// The FAQ (schemas/api/help.schema.json): public, the same for everyone.

export type { FaqCategory, FaqList, FaqQuestion } from '../../types/generated/api/help'

export const faqListKey = (category: FaqCategory | undefined, q: string) =>
  ['/api/help/faq', { ...(category ? { category } : {}), ...(q ? { q } : {}) }] as const
export const faqQuestionKey = (id: string) => `/api/help/faq/${encodeURIComponent(id)}`

export function useFaqList(category: FaqCategory | undefined, q: string) {
  return useSWR<FaqList>(faqListKey(category, q), { keepPreviousData: true })
}

export function useFaqQuestion(id: string | null) {
  return useSWR<FaqQuestion>(id ? faqQuestionKey(id) : null)
}
