import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/columns'

// The media tables (133_media.sql); the SQL is the truth.

export const MEDIA_PURPOSES = ['avatar', 'feedback', 'claim', 'service'] as const
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number]

export interface MediaTable {
  id: string
  user_id: string
  purpose: MediaPurpose
  content_type: 'image/jpeg' | 'image/webp'
  bytes: number
  width: number
  height: number
  storage_key: string
  attached_to: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
}

export interface MediaUsageTable {
  user_id: string
  files: number
  /** bigint: read as a string. */
  bytes: ColumnType<string, number, number>
}

export interface MediaTables {
  media: MediaTable
  media_usage: MediaUsageTable
}
