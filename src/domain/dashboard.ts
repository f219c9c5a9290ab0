// The analytics dashboards' rules and words, shared by the server (its checks and the CSV export) and the studio
// (the date picker and the tables): the range of Beijing days a dashboard may read, the funnel's stages, the
// sources a visitor came by, and how a rate is shown.
import { daysBetween, isIsoDate } from './age'

/** The longest range a dashboard reads, in days (both ends included). */
export const MAX_RANGE_DAYS = 92

export interface RangeProblem {
  field: 'from' | 'to'
  message: string
}

/** What is wrong with a range of Beijing days ('YYYY-MM-DD', both included), or null when it may be read. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!isIsoDate(from)) return { field: 'from', message: '开始日期（from）不是有效日期，应为 YYYY-MM-DD' }
  if (!isIsoDate(to)) return { field: 'to', message: '结束日期（to）不是有效日期，应为 YYYY-MM-DD' }
  const days = daysBetween(from, to) + 1
  if (days < 1) return { field: 'to', message: '结束日期（to）不能早于开始日期（from）' }
  if (days > MAX_RANGE_DAYS)
    return { field: 'to', message: `时间范围最长 ${MAX_RANGE_DAYS} 天，请缩短结束日期（to）与开始日期的间隔` }
  return null
}

/** The funnel to a paid order, in order: the page, a click on it, then the purchase screens. */
export const FUNNEL_STAGES = ['view', 'click', 'product', 'notice', 'info', 'pay', 'paid'] as const
export type FunnelStageKey = (typeof FUNNEL_STAGES)[number]

export const STAGE_WORDS: Record<FunnelStageKey, string> = {
  view: '浏览页面',
  click: '点击组件',
  product: '产品页',
  notice: '投保须知',
  info: '填写信息',
  pay: '支付',
  paid: '承保（已支付）',
}

/** How a visitor came (analytics_events.source); '' is not known. */
export const SOURCE_WORDS: Record<string, string> = {
  direct: '直接访问',
  share: '分享',
  push: '推送',
  sms: '短信',
  inviter: '邀请码',
  search: '搜索',
  other: '其他',
  '': '未知',
}

export const sourceName = (key: string) => SOURCE_WORDS[key] ?? key

/** 0.1234 -> "12.3%"; no denominator -> "—". */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  return `${(rate * 100).toFixed(1)}%`
}

/** A ratio, or null when the denominator is 0. */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)
