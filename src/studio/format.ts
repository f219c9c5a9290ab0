// Times in the studio are shown in Beijing time (+08:00), whatever the staff member's computer says, because the
// schedules and publications they plan are.
import type { Dayjs } from 'dayjs'

const TIME_ZONE = 'Asia/Shanghai'
const parts = (iso: string | number | Date, options: Intl.DateTimeFormatOptions) => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, hourCycle: 'h23', ...options })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>
}

/** 2026-11-25 18:30, or with `seconds` 2026-11-25 18:30:05 (Beijing time); — for no time. */
export function formatTime(iso: string | number | Date | null | undefined, seconds = false): string {
  if (iso === null || iso === undefined || iso === '') return '—'
  const p = parts(iso, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  })
  if (!p) return '—'
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`
}

/** A table column of times (Beijing time). */
export const timeColumn = (title: string, dataIndex: string, width = 170) => ({
  title,
  dataIndex,
  width,
  render: (at: string | null) => formatTime(at),
})

/**
 * The moment a date picker's wall-clock value means in Beijing time, as ISO 8601 with +08:00 (the picker works in
 * the computer's zone; its year…minute are read as Beijing time).
 */
export const beijingIso = (value: Dayjs) => `${value.format('YYYY-MM-DDTHH:mm')}:00+08:00`
