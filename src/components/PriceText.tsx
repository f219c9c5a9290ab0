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
