// The desk's words: tabs, how long a customer has waited, what a context item is.
import type { ContextItem, DeskQueue } from '../api/desk'

export const QUEUE_LABELS: Record<DeskQueue, string> = {
  waiting: '排队与留言',
  mine: '我接待中',
  active: '全部接待中',
  closed: '已结束',
}

export const CONTEXT_KIND: Record<ContextItem['kind'], string> = {
  product: '产品',
  order: '订单',
  policy: '保单',
  claim: '理赔',
}

/** 等待 3 分钟, 等待 2 小时 5 分钟, 等待 1 天 3 小时 (from `since` to `now`). */
export function waitingText(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000))
  if (minutes < 1) return '等待不到 1 分钟'
  if (minutes < 60) return `等待 ${minutes} 分钟`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `等待 ${hours} 小时${minutes % 60 ? ` ${minutes % 60} 分钟` : ''}`
  const days = Math.floor(hours / 24)
  return `等待 ${days} 天${hours % 24 ? ` ${hours % 24} 小时` : ''}`
}

/** A premium in fen as yuan: 1,280.00 元. */
export const yuan = (fen: number) =>
  `${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`
