// Money is integer fen everywhere; yuan only when shown.

/** 12345 -> "123.45"; whole yuan drop the decimals (10000 -> "100"). */
export function formatFen(fen: number): string {
  if (!Number.isInteger(fen)) throw new TypeError(`fen must be an integer, got ${fen}`)
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(fen)
  const yuan = Math.floor(abs / 100)
  const rest = abs % 100
  return rest === 0 ? `${sign}${yuan}` : `${sign}${yuan}.${String(rest).padStart(2, '0')}`
}
