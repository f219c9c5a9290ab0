// The studio API's payloads, from the API's own schemas (schemas/api/studio.schema.json -> generated types), with
// the page config typed as the page schema says. The editor workspace (src/studio/editor) imports these too.
import type { MarkdownTrees } from '../../page-config/markdownTree'
import type { PageConfig } from '../../types/generated/page'
import type * as Api from '../../types/generated/api/studio'

export type { MarkdownTrees, PageConfig }
export type {
  AuditEntry,
  FolderConfig,
  LivePublication,
  MediaAsset,
  MediaPage,
  MediaQuery,
  PageList,
  PageStatus,
  PageSummary,
  PendingSchedule,
  PreviewLink,
  Publication,
  Published,
  ScheduleCancelled,
  SupersededSchedule,
  Unpublished,
  Staff,
  StaffAccount,
  StaffRole,
  StudioConfigError,
} from '../../types/generated/api/studio'

export type { PartnerHealth, PartnerHealthItem } from '../../types/generated/api/partner'

export type SavedDraft = Api.DraftSaved
export type PublicationKind = Api.Publication['kind']
export type PageVersion = Api.Version

export interface PageDetail extends Omit<Api.PageDetail, 'config'> {
  config: PageConfig
}

export interface VersionConfig extends Omit<Api.VersionConfig, 'config'> {
  config: PageConfig
}

/** details[0] of a 409 DRAFT_CONFLICT. */
export interface DraftConflict {
  savedBy: string
  savedAt: string
  revision: number
}

// 可回溯 (the sales trail) as compliance reads it, and the sales pages' versions.
export type {
  ChainCheck,
  NoticeInput,
  PremiumRatesInput,
  ProductVersions,
  SalesPageVersion,
  SalesPageVersionSummary,
  Stage as TrailStage,
  TrailDetail,
  TrailRecord,
  TrailRecordData,
  TrailSearchQuery,
  TrailPhone,
  TrailSearchResult,
  TrailSummary,
} from '../../types/generated/api/trail'
