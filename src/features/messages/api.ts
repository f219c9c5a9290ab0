import useSWR, { mutate } from 'swr'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import { MESSAGE_CATEGORIES } from '../../domain/messages'
import { post } from '../../lib/request'
import type { Message, MessagePage, UnreadCounts } from '../../types/generated/api/message'

// The message center (schemas/api/message.schema.json): the session's user's messages only.

export type { Message, MessagePage, UnreadCounts } from '../../types/generated/api/message'
export type MessageCategory = Message['category']

export const unreadKey = '/api/messages/unread'
export const messageKey = (id: string) => `/api/messages/${encodeURIComponent(id)}`
/** A page of the messages (of a category, or all); the first page has no cursor. */
export const messagesKey = (category: MessageCategory | undefined, cursor?: string) =>
  ['/api/messages', { ...(category ? { category } : {}), ...(cursor ? { cursor } : {}) }] as const

export const markRead = (id: string) => post<Message>(`${messageKey(id)}/read`)
export const markAllRead = (category?: MessageCategory) =>
  post<UnreadCounts>('/api/messages/read-all', undefined, { params: category ? { category } : {} })

/** Unread counts (total and per category); `enabled`: false while logged out. */
export function useUnreadMessages(enabled = true) {
  return useSWR<UnreadCounts>(enabled ? unreadKey : null)
}

export function useMessage(id: string | null) {
  return useSWR<Message>(id ? messageKey(id) : null)
}

/** Each page's key: page n+1 asks from page n's nextCursor. */
const pagesOf = (category: MessageCategory | undefined) => (index: number, previous: MessagePage | null) => {
  if (index === 0) return messagesKey(category)
  if (!previous?.nextCursor) return null
  return messagesKey(category, previous.nextCursor)
}

/** After a message was read: the unread counts and every list (all categories) are asked again. */
export async function refreshMessages(): Promise<void> {
  const lists = [undefined, ...(Object.keys(MESSAGE_CATEGORIES) as MessageCategory[])].map((category) =>
    mutate(unstable_serialize(pagesOf(category))),
  )
  await Promise.all([mutate(unreadKey), ...lists])
}

/** The messages newest first, page by page. */
export function useMessages(category: MessageCategory | undefined) {
  // Page 1 is asked again whenever the list revalidates: that is where a message just read or just come is.
  const swr = useSWRInfinite<MessagePage>(pagesOf(category))
  const pages = swr.data ?? []
  const items = pages.flatMap((page) => page.items)
  const hasMore = pages.length > 0 && pages[pages.length - 1].nextCursor !== null
  return { ...swr, items, hasMore }
}
