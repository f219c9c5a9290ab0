import type { ColumnType, Generated } from 'kysely'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import type { StaffRole } from '../../../src/types/generated/api/studio'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'

// The studio's tables (170_studio.sql, 195_publishing_model.sql, 230_studio_media_library.sql); the SQL is the truth.

export type PageConfigJson = Record<string, unknown>

export interface StaffUsersTable {
  id: Generated<number>
  username: string
  display_name: string
  role: StaffRole
  password_hash: string
  disabled: ColumnType<boolean, boolean | undefined, boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

/** Login attempts per (username as typed, client address): 205_staff_login_throttle.sql. */
export interface StaffLoginAttemptsTable {
  username: string
  ip: string
  failures: number
  blocked_until: NullableTimestamp
  last_attempt_at: Timestamp
}

export interface StaffSessionsTable {
  id_hash: string
  staff_id: number
  created_at: Timestamp
  expires_at: Timestamp
}

export interface StaffAuditTable {
  id: Generated<string>
  at: Timestamp
  staff_id: number | null
  staff_name: string
  action: string
  page_id: string | null
  version: number | null
  revision: number | null
  detail: ColumnType<string, string | undefined, string>
}

export interface StudioPagesTable {
  id: string
  title: string
  draft: Json<PageConfigJson>
  draft_revision: ColumnType<number, number | undefined, number>
  saved_by: number
  saved_at: Timestamp
  last_version: ColumnType<number, number | undefined, number>
  created_by: number
  created_at: Timestamp
  /** 234_studio_draft_errors.sql: the saved draft's error count (not publishable unless 0). */
  draft_errors: ColumnType<number, number | undefined, number>
}

export interface StudioPageVersionsTable {
  page_id: string
  version: number
  config: Json<PageConfigJson>
  markdown: Json<MarkdownTrees>
  revision: number
  created_by: number
  created_at: Timestamp
}

export type PublicationKind = 'publish' | 'rollback' | 'unpublish'
/** How a pending schedule ended without going live (195_publishing_model.sql). */
export type CancelKind = 'cancelled' | 'superseded'

export interface StudioPublicationsTable {
  id: Generated<string>
  page_id: string
  version: number | null
  kind: PublicationKind
  publish_at: Timestamp
  created_by: number
  created_at: Timestamp
  cancelled_at: NullableTimestamp
  cancelled_by: ColumnType<number | null, number | null | undefined, number | null>
  cancel_kind: ColumnType<CancelKind | null, CancelKind | null | undefined, CancelKind | null>
  superseded_by: ColumnType<string | null, string | null | undefined, string | null>
}

export interface StudioMediaTable {
  id: string
  staff_id: number
  content_type: 'image/jpeg' | 'image/webp'
  bytes: number
  width: number
  height: number
  storage_key: string
  created_at: Timestamp
  /** The uploaded file's own name ('' for uploads before 230_studio_media_library.sql). */
  name: ColumnType<string, string | undefined, string>
  seq: ColumnType<string, never, never>
}

/** 232_studio_sections.sql: reusable groups of blocks. */
export interface StudioSectionsTable {
  id: string
  name: string
  blocks: Json<unknown[]>
  campaigns: Json<Record<string, unknown>>
  created_by: number
  created_at: Timestamp
}

/** 233_studio_presence.sql: the last heartbeat of a staff member's tab on a page. */
export interface StudioPresenceTable {
  page_id: string
  staff_id: number
  tab: string
  seen_at: Timestamp
  /** 239: the one-time token a sendBeacon leave must carry (rotated by every heartbeat). */
  leave_token: string | null
}

export interface StudioTables {
  staff_users: StaffUsersTable
  staff_login_attempts: StaffLoginAttemptsTable
  staff_sessions: StaffSessionsTable
  staff_audit: StaffAuditTable
  studio_pages: StudioPagesTable
  studio_page_versions: StudioPageVersionsTable
  studio_publications: StudioPublicationsTable
  studio_media: StudioMediaTable
  studio_sections: StudioSectionsTable
  studio_presence: StudioPresenceTable
}
