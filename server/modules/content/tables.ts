import type { ColumnType } from 'kysely'
import type { Json, Timestamp } from '../../db/columns'
import type { ContentKind } from '../../../src/types/generated/api/content'

// The content area's table (140_content.sql); the SQL is the truth.

/** A stored category: every one but RECOMMEND, which is the `recommended` flag. */
export type StoredCategory = 'KNOWLEDGE' | 'RULES' | 'CLAIM' | 'PLANNING'

export interface ContentArticlesTable {
  id: string
  seq: ColumnType<string, never, never>
  kind: ContentKind
  category: StoredCategory
  recommended: ColumnType<boolean, boolean | undefined, boolean>
  title: string
  summary: string
  body: string
  cover: string
  author: string
  published_at: Timestamp
  related_product_ids: Json<string[]>
  video: string | null
  duration_seconds: number | null
}

export interface ContentTables {
  content_articles: ContentArticlesTable
}
