import type { ColumnType, Generated } from 'kysely'
import type { Json, Timestamp } from '../../db/columns'
import type { FeedbackType } from '../../../src/domain/feedback'

// The feedback tables (134_feedback.sql, 244_service_cases.sql); the SQL is the truth.

export interface FeedbackTable {
  id: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  type: FeedbackType
  content: string
  /** The attached media ids, in the order shown. */
  photos: Json<string[]>
  contact_phone: string | null
  status: 'PENDING' | 'REPLIED'
  created_at: Timestamp
}

export interface FeedbackRepliesTable {
  id: Generated<number>
  feedback_id: string
  author: string
  /** The staff member who wrote it (null: before the desk, or the demo's canned reply). */
  staff_id: ColumnType<number | null, number | null | undefined, never>
  body: string
  created_at: Timestamp
}

export interface FeedbackTables {
  feedback: FeedbackTable
  feedback_replies: FeedbackRepliesTable
}
