import type { ColumnType } from 'kysely'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'
import type { MessageCategory, MessageTarget } from '../../../src/domain/messages'
import type { NullableJson } from '../../db/columns'
import type { SmsNoticeParams } from './smsNotices'

// The messages table (131_messages.sql) and the text messages' queue (218_sms_notices.sql); the SQL is the truth.

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

export interface SmsNoticesTable {
  id: string
  user_id: string
  phone: string
  kind: SmsNoticeParams['kind']
  reference: string
  params: Json<SmsNoticeParams>
  message: string
  created_at: Timestamp
  next_attempt_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  sent_at: NullableTimestamp
  gave_up_at: NullableTimestamp
  last_error: string | null
}

export interface MessageTables {
  messages: MessagesTable
  sms_notices: SmsNoticesTable
}
