import { get, post } from '../../lib/request'
import { uploadImage } from '../../lib/media/api'
import { faqListKey, type FaqList } from '../help/api'
import type {
  Conversation,
  ConversationOpen,
  MessageInput,
  MessageList,
  RatingInput,
  SentMessage,
} from '../../types/generated/api/service'

// 在线客服 (schemas/api/service.schema.json): the signed-in customer's own conversation, its messages by number
// and its event stream; a visitor asks the public FAQ (the help area's search) instead.

export type { Context, Conversation, FaqLink, Message, SentMessage } from '../../types/generated/api/service'

const conversationsPath = '/api/service/conversations'
const conversationPath = (id: string) => `${conversationsPath}/${encodeURIComponent(id)}`

/** Opens the customer's conversation (or returns the open one), with where they came from and a first question. */
export const openConversation = (body: ConversationOpen) => post<Conversation>(conversationsPath, body)

/** Messages numbered after `after`, and the conversation's state. */
export const fetchMessages = (id: string, after: number) =>
  get<MessageList>(`${conversationPath(id)}/messages`, { params: { after }, cache: false })

/** One message; the same clientId sent again (a double tap, a retry) is written once. */
export const sendMessage = (id: string, input: MessageInput) =>
  post<SentMessage>(`${conversationPath(id)}/messages`, input)

export const requestHandoff = (id: string) => post<Conversation>(`${conversationPath(id)}/handoff`)
export const closeConversation = (id: string) => post<Conversation>(`${conversationPath(id)}/close`)
export const rateConversation = (id: string, input: RatingInput) =>
  post<Conversation>(`${conversationPath(id)}/rating`, input)

/** The event stream of a conversation: `message` events from number `after` on, and `conversation` states. */
export const conversationStreamUrl = (id: string, after: number) =>
  `${conversationPath(id)}/stream?after=${after}`

/** An image for a message: uploaded with purpose service, then sent by its id. */
export const uploadServiceImage = (file: Blob, name: string) => uploadImage(file, 'service', {}, name)

/** A visitor's question: the FAQ's best matches (the assistant's answer before login). */
export async function fetchFaqMatches(q: string): Promise<FaqList['items']> {
  const [path, query] = faqListKey(undefined, q)
  const list = await get<FaqList>(path, { params: query })
  return list.items
}
