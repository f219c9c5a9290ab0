import { formatShanghaiDateTime } from '../../domain/dates'

/** The day an item was published, in Shanghai time (2026-11-24). */
export const publishedDay = (iso: string) => formatShanghaiDateTime(iso).slice(0, 10)

/** A video's length as 分:秒 (00:06). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return ''
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
}
