import type { PageConfig, PageDetail, PageSummary } from '../../../src/studio/api/types'

export const config = (title = '春季保障节', extra: Partial<PageConfig> = {}): PageConfig =>
  ({
    schemaVersion: 3,
    title,
    blocks: [
      { type: 'hero', id: 'top', title: '春季保障节', subtitle: '全场保障' },
      { type: 'markdown', content: '活动规则' },
    ],
    ...extra,
  }) as PageConfig

export const summary = (over: Partial<PageSummary> = {}): PageSummary => ({
  id: 'spring-sale',
  title: '春季保障节',
  status: 'draft',
  liveVersion: null,
  draftRevision: 3,
  updatedAt: '2026-11-25T02:30:00Z',
  updatedBy: '运营编辑',
  scheduledAt: null,
  draftErrors: 0,
  ...over,
})

export const detail = (over: Partial<PageDetail> = {}): PageDetail => ({
  ...summary(),
  config: config(),
  savedBy: '运营编辑',
  savedAt: '2026-11-25T02:30:00Z',
  errors: [],
  live: null,
  pending: [],
  draftMatchesLive: null,
  ...over,
})
