// 数据分析 (the analytics dashboards): the pages list, a page's overview, blocks, funnel and campaigns for a range
// of Beijing days, and the CSV export. Contract: schemas/api/analyticsDashboard.schema.json.
import { API_BASE, studioBlob, studioRequest } from './client'
import type {
  DashboardBlocks,
  DashboardCampaigns,
  DashboardFunnel,
  DashboardOverview,
  DashboardPageList,
} from '../../types/generated/api/analyticsDashboard'

export type {
  DashboardBlockRow,
  DashboardBlocks,
  DashboardBreakdown,
  DashboardCampaignRow,
  DashboardCampaigns,
  DashboardFunnel,
  DashboardFunnelStep,
  DashboardOverview,
  DashboardPageList,
  DashboardPageRow,
  DashboardPoint,
  DashboardPrizeRow,
  DashboardVariantRow,
} from '../../types/generated/api/analyticsDashboard'

export type Granularity = 'hour' | 'day'

/** A range of Beijing days, both included ('YYYY-MM-DD'). */
export interface DayRange {
  from: string
  to: string
}

const pages = `${API_BASE}/analytics/pages`
const page = (id: string) => `${pages}/${encodeURIComponent(id)}`

/** The query string of a range (and a step): a stable SWR key too. */
export function rangeSearch(range: DayRange, granularity?: Granularity): string {
  const params = new URLSearchParams({ from: range.from, to: range.to })
  if (granularity) params.set('granularity', granularity)
  return `?${params.toString()}`
}

export const analyticsApi = {
  pages: (range: DayRange) => studioRequest<DashboardPageList>(`${pages}${rangeSearch(range)}`),
  overview: (id: string, range: DayRange, granularity: Granularity) =>
    studioRequest<DashboardOverview>(`${page(id)}/overview${rangeSearch(range, granularity)}`),
  blocks: (id: string, range: DayRange) =>
    studioRequest<DashboardBlocks>(`${page(id)}/blocks${rangeSearch(range)}`),
  funnel: (id: string, range: DayRange) =>
    studioRequest<DashboardFunnel>(`${page(id)}/funnel${rangeSearch(range)}`),
  campaigns: (id: string, range: DayRange) =>
    studioRequest<DashboardCampaigns>(`${page(id)}/campaigns${rangeSearch(range)}`),
  /** The same numbers as a CSV file (the caller saves it). */
  exportCsv: (id: string, range: DayRange, granularity: Granularity) =>
    studioBlob(`${page(id)}/export.csv${rangeSearch(range, granularity)}`),
}
