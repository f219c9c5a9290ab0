import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { FaqLink, Message } from '../../../src/types/generated/api/service'
import type { DB } from '../../db/schema'
import { toIso } from '../../platform/time'
import { mediaUrl } from '../media/service'
import type { Sender, ServiceConversationsTable, ServiceMessagesTable } from './tables'

// A conversation's messages: written with the next number in the statement that takes it, read by number. What
// both sides (customer and desk) share.

/** The notifier's channels: a conversation's new messages or state (payload: its id), and the queue. */
export const CONVERSATION_CHANNEL = 'service_conversation'
export const QUEUE_CHANNEL = 'service_queue'

export type ConversationRow = Selectable<ServiceConversationsTable>
export type MessageRow = Selectable<ServiceMessagesTable> & { staff_name: string | null }

export interface NewMessage {
  sender: Sender
  staffId?: number | null
  body?: string
  mediaId?: string | null
  imageUrl?: string | null
  faqs?: FaqLink[]
  clientId?: string | null
}

const PAGE = 200

/**
 * Appends a message as number last_seq + 1 in one statement: the conversation's row is locked by the update, so
 * two senders at once get two numbers in a row, never the same one. `where` adds the status condition the sender
 * needs; no row: the conversation was not in that state (null).
 */
export async function appendMessage(
  trx: Transaction<DB>,
  conversationId: string,
  message: NewMessage,
  now: Date,
  where: AppendCondition = (qb) => qb,
): Promise<number | null> {
  const next = await where(lockForAppend(trx, conversationId)).returning('last_seq').executeTakeFirst()
  if (!next) return null
  await trx
    .insertInto('service_messages')
    .values({
      conversation_id: conversationId,
      seq: next.last_seq,
      sender: message.sender,
      staff_id: message.staffId ?? null,
      body: message.body ?? '',
      media_id: message.mediaId ?? null,
      image_url: message.imageUrl ?? null,
      faqs: JSON.stringify(message.faqs ?? []),
      client_id: message.clientId ?? null,
      created_at: now,
    })
    .execute()
  return next.last_seq
}

type AppendQuery = ReturnType<typeof lockForAppend>
/** A condition on the conversation's row an append needs (its status, its agent). */
export type AppendCondition = (qb: AppendQuery) => AppendQuery

function lockForAppend(trx: Transaction<DB>, conversationId: string) {
  return trx
    .updateTable('service_conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', conversationId)
}

/** The number of a message a sender already sent with this client id (a repeated request), if any. */
export async function sentBefore(
  db: Kysely<DB>,
  conversationId: string,
  sender: Sender,
  clientId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('service_messages')
    .select('seq')
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', sender)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
  return row?.seq ?? null
}

/** A unique violation (PostgreSQL 23505): a concurrent request wrote the same client id first. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

export async function messagesAfter(
  db: Kysely<DB>,
  conversationId: string,
  after: number,
  limit = PAGE,
): Promise<MessageRow[]> {
  return db
    .selectFrom('service_messages as m')
    .leftJoin('staff_users as s', 's.id', 'm.staff_id')
    .selectAll('m')
    .select('s.display_name as staff_name')
    .where('m.conversation_id', '=', conversationId)
    .where('m.seq', '>', after)
    .orderBy('m.seq')
    .limit(limit)
    .execute()
}

/** A message as either side reads it: `viewer` names the sender 我 on its own side. */
export function toMessage(row: MessageRow, viewer: 'customer' | 'agent'): Message {
  const senderName =
    row.sender === 'customer'
      ? viewer === 'customer'
        ? '我'
        : '用户'
      : row.sender === 'agent'
        ? `客服${row.staff_name ?? ''}`
        : row.sender === 'bot'
          ? '智能助手'
          : '系统'
  return {
    seq: row.seq,
    sender: row.sender,
    senderName,
    text: row.body,
    imageUrl: row.media_id ? imageUrlFor(row, viewer) : row.image_url,
    faqs: row.faqs,
    createdAt: toIso(row.created_at),
  }
}

/** A customer's image: their own media URL for them; the desk reads it through the conversation. */
function imageUrlFor(row: MessageRow, viewer: 'customer' | 'agent'): string {
  const id = row.media_id ?? ''
  return viewer === 'customer'
    ? mediaUrl(id)
    : `/api/studio/desk/conversations/${row.conversation_id}/images/${encodeURIComponent(id)}`
}

/** Queued conversations ahead of this one (0: it is next). */
export async function positionOf(db: Kysely<DB>, conversation: ConversationRow): Promise<number | null> {
  if (conversation.status !== 'queued' || !conversation.queued_at) return null
  const row = await db
    .selectFrom('service_conversations')
    .select(sql<number>`count(*)::int`.as('ahead'))
    .where('status', '=', 'queued')
    // Ties (one instant) go by id, as the desk lists them.
    .where(sql<boolean>`(queued_at, id) < (${conversation.queued_at}::timestamptz, ${conversation.id}::uuid)`)
    .executeTakeFirstOrThrow()
  return row.ahead
}
