import type { ColumnType } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/columns'
import type { MessageCategory, MessageTarget } from '../../../src/domain/messages'
import type { NullableJson } from '../../db/columns'

// The messages table (131_messages.sql); the SQL is the truth.

export interface MessagesTable {
  id: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  category: MessageCategory
  kind: string
  title: string
  body: string
  target: NullableJson<MessageTarget>
  created_at: Timestamp
  read_at: NullableTimestamp
}

export interface MessageTables {
  messages: MessagesTable
}
