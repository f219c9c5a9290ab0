// Campaign winners as the studio lists them (a coupon, a physical prize, points or beans), their statuses'
// Chinese names, and the cells of their CSV export.

export type WinnerKind = 'coupon' | 'physical' | 'points'
export type WinnerStatus = 'usable' | 'used' | 'expired' | 'pending' | 'shipped' | 'delivered' | 'credited'

export const WINNER_KIND_TEXT: Record<WinnerKind, string> = {
  coupon: '券',
  physical: '实物',
  points: '积分/金豆',
}

export const WINNER_STATUS_TEXT: Record<WinnerStatus, string> = {
  usable: '可使用',
  used: '已使用',
  expired: '已过期',
  pending: '待发货',
  shipped: '已发货',
  delivered: '已签收',
  credited: '已到账',
}

/** The statuses a kind of winner goes through, for the filter. */
export const WINNER_STATUSES: Record<WinnerKind, WinnerStatus[]> = {
  coupon: ['usable', 'used', 'expired'],
  physical: ['pending', 'shipped', 'delivered'],
  points: ['credited'],
}

/**
 * One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would read as a formula (starting with = + - @,
 * a tab or a carriage return) prefixed with an apostrophe (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** A CSV file Excel opens as UTF-8 (a byte-order mark first), CRLF line ends. */
export function csvFile(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
