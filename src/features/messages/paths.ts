import { withQuery } from '../../lib/href'

// The message center: the list by category and one message. Paths as the specification names the screens.

export const messagePaths = {
  center: '/messageCenter',
  detail: '/messageCenter/messageDetail',
} as const

export const messageCenterHref = (category?: string) => withQuery(messagePaths.center, { category })
export const messageDetailHref = (id: string) => withQuery(messagePaths.detail, { id })
export const backToMessages = { to: messagePaths.center, label: '返回消息中心' }
