import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import { mutate } from 'swr'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type { Feedback, FeedbackInput, FeedbackPage } from '../../types/generated/api/feedback'

// Feedback (schemas/api/feedback.schema.json): the session's user's own only.

export type { Feedback, FeedbackInput, FeedbackPage } from '../../types/generated/api/feedback'

/** A page of my feedback; the first page has no cursor. */
export const feedbackPageKey = (cursor?: string) => ['/api/feedback', cursor ? { cursor } : {}] as const
const pages = (index: number, previous: FeedbackPage | null) => {
  if (index === 0) return feedbackPageKey()
  if (!previous?.nextCursor) return null
  return feedbackPageKey(previous.nextCursor)
}

/** One feedback per tap: a double tap or a retry after a lost answer files it once. */
export const submitFeedback = (input: FeedbackInput) =>
  withIdempotencyKey('feedback', (key) =>
    post<Feedback>('/api/feedback', input, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

/** After filing: the list is asked again. */
export const refreshFeedback = () => mutate(unstable_serialize(pages))

/** My feedback, newest first, page by page. */
export function useMyFeedback() {
  const swr = useSWRInfinite<FeedbackPage>(pages)
  const list = swr.data ?? []
  const items = list.flatMap((page) => page.items)
  const hasMore = list.length > 0 && list[list.length - 1].nextCursor !== null
  return { ...swr, items, hasMore }
}
