import { formatFen } from '../domain/money'
import './PriceText.css'

/** A premium as shown on product screens: ¥ + yuan, with an optional trailing unit ("起", "/年"). */
export function PriceText({ fen, suffix, className }: { fen: number; suffix?: string; className?: string }) {
  return (
    <span className={['price-text', className].filter(Boolean).join(' ')}>
      <span className="price-text-currency">¥</span>
      {formatFen(fen)}
      {suffix && <small className="price-text-suffix">{suffix}</small>}
    </span>
  )
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
