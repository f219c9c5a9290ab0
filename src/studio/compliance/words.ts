// The sales trail in words: stages, sources, channels, amounts in 元 and durations, as compliance staff read them.
import type { TrailRecord, TrailStage } from '../api/types'

export { SALE_STAGE_NAMES as STAGE_NAMES } from '../../domain/salesTrail'

export const STAGE_COLORS: Record<TrailStage, string> = {
  browsing: 'default',
  applied: 'processing',
  ordered: 'blue',
  paid: 'cyan',
  issued: 'green',
  ended: 'default',
}

export const SOURCE_NAMES: Record<TrailRecord['source'], string> = { server: '服务器', browser: '浏览器' }

/** 'mall' 商城; 'partner:<code>' 合作方（code）. */
export function channelName(channel: string): string {
  if (channel === 'mall') return '国恒保险商城'
  const partner = /^partner:(.+)$/.exec(channel)
  return partner ? `合作方（${partner[1]}）` : channel
}

export const PAY_CHANNEL_NAMES: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  bankcard: '银行卡',
  sandbox: '沙箱支付',
}

/** Fen as 元 with two decimals, on the integer (12345 -> "123.45 元", 10000 -> "100.00 元"). */
export function yuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—'
  const whole = Math.round(fen)
  const abs = Math.abs(whole)
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} 元`
}

/** 95000 -> "1 分 35 秒"; under a second "不到 1 秒". */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—'
  const seconds = Math.round(ms / 1000)
  if (seconds < 1) return '不到 1 秒'
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return [h ? `${h} 小时` : '', m ? `${m} 分` : '', s ? `${s} 秒` : ''].filter(Boolean).join(' ')
}

/** The first 12 characters of a hash (the full one is in the title). */
export const shortHash = (hash: string) => hash.slice(0, 12)
