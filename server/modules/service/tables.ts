import type { ColumnType } from 'kysely'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'
import type { ContextItem, FaqLink } from '../../../src/types/generated/api/service'

// 在线客服's tables (243_service_conversations.sql); the SQL is the truth.

export type ConversationStatus = 'bot' | 'queued' | 'active' | 'closed'
export type Sender = 'customer' | 'agent' | 'bot' | 'system'

type Defaulted<T> = ColumnType<T, T | undefined, T>

export interface ServiceConversationsTable {
  id: string
  user_id: string
  status: ConversationStatus
  context: ColumnType<ContextItem[], string | undefined, string>
  agent_id: ColumnType<number | null, number | null | undefined, number | null>
  after_hours: Defaulted<boolean>
  queued_at: NullableTimestamp
  last_seq: Defaulted<number>
  agent_read_seq: Defaulted<number>
  customer_online_until: NullableTimestamp
  offline_notice_at: NullableTimestamp
  rating: ColumnType<number | null, number | null | undefined, number | null>
  rating_comment: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  closed_at: NullableTimestamp
}

export interface ServiceMessagesTable {
  conversation_id: string
  seq: number
  sender: Sender
  staff_id: ColumnType<number | null, number | null | undefined, never>
  body: Defaulted<string>
  media_id: ColumnType<string | null, string | null | undefined, never>
  image_url: ColumnType<string | null, string | null | undefined, never>
  faqs: Json<FaqLink[]>
  client_id: ColumnType<string | null, string | null | undefined, never>
  created_at: Timestamp
}

export interface ServiceTables {
  service_conversations: ServiceConversationsTable
  service_messages: ServiceMessagesTable
}
