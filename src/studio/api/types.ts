// The studio API's payloads (docs: /work/notes/i15-contract.md, server: server/modules/studio). The editor
// workspace (src/studio/editor) imports these too.
import type { MarkdownTrees } from '../../page-config/markdownTree'
import type { PageConfig } from '../../types/generated/page'

export type { MarkdownTrees, PageConfig }

/** One validation finding on `JSON.stringify(config, null, 2)` (ConfigError of src/page-config without `file`). */
export interface StudioConfigError {
  pointer: string
  message: string
  line: number
  column: number
}

export type StaffRole = 'editor' | 'publisher' | 'admin'

export interface Staff {
  id: number
  username: string
  displayName: string
  role: StaffRole
}

/** A staff account as the admin sees it. */
export interface StaffAccount extends Staff {
  disabled?: boolean
  lockedUntil?: string | null
  createdAt?: string
  lastLoginAt?: string | null
}

/** By server time: never published, only future publications, live (preheat or live phase), ended, offline. */
export type PageStatus = 'draft' | 'scheduled' | 'live' | 'ended' | 'offline'

export interface PageSummary {
  id: string
  title: string
  status: PageStatus
  liveVersion: number | null
  draftRevision: number
  updatedAt: string
  updatedBy: string
  scheduledAt: string | null
}

/** A config of the repository's page-configs/ folder (read-only template). */
export interface FolderConfig {
  file: string
  route: string
  title: string
}

export interface PageDetail extends PageSummary {
  config: PageConfig
  savedBy: string
  savedAt: string
  errors: StudioConfigError[]
}

export interface PageList {
  pages: PageSummary[]
  folders: FolderConfig[]
}

export interface SavedDraft {
  revision: number
  savedAt: string
  savedBy: string
}

/** details[0] of a 409 DRAFT_CONFLICT. */
export interface DraftConflict {
  savedBy: string
  savedAt: string
  revision: number
}

export interface Published {
  version: number
  publishAt: string
}

export type PublicationKind = 'publish' | 'schedule' | 'rollback' | 'unpublish' | string

export interface Publication {
  publishAt: string
  by: string
  kind: PublicationKind
}

export interface PageVersion {
  version: number
  createdAt: string
  createdBy: string
  publications: Publication[]
}

export interface VersionConfig {
  version: number
  config: PageConfig
}

export interface PreviewLink {
  url: string
  expiresAt: string
}

export interface AuditEntry {
  at: string
  /** Who: the display name (or the account, depending on the server's version). */
  staff: string | Pick<Staff, 'displayName'>
  action: string
  pageId: string | null
  version: number | null
  detail: unknown
}
