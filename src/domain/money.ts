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

/**
 * Coverage amounts read like a brochure: 600万, 1.5万, 800元. The catalog marks included services
 * (体检, 洁牙) with a nominal 1 yuan: shown as 包含.
 */
export function formatCoverageAmount(fen: number): string {
  if (fen <= 0) return '—'
  if (fen <= 100) return '包含'
  const yuan = fen / 100
  if (yuan >= 10_000 && Number.isInteger(yuan / 100)) return `${yuan / 10_000}万`
  return `${formatFen(fen)}元`
}

/**
 * What someone typed as yuan, in fen: "1280", "1280.5", "1280.50" (no sign, at most 2 decimals, up to `maxFen`);
 * null for anything else. Done on the digits, never through floating point.
 */
export function parseYuan(text: string, maxFen: number): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return fen > 0 && fen <= maxFen ? fen : null
}
