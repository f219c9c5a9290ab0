import { SpeakerIcon } from '../../components/controlIcons'
import '../../components/notice-bar/NoticeBar.css'
import type { PartnerProduct } from './api'

/**
 * Shown while the insurer's system is down (its circuit breaker is open, `available: false`): the user learns it
 * before filling anything in; quotes and applications are answered at once with the same words.
 */
export function PartnerDownNotice({ product }: { product: PartnerProduct }) {
  if (product.available !== false) return null
  return (
    // The notice bar's look, several lines long (no scrolling to wait for).
    <div
      data-testid="partner-down"
      role="status"
      className="adm-notice-bar adm-notice-bar-alert adm-notice-bar-wrap"
    >
      <span className="adm-notice-bar-left">
        <SpeakerIcon />
      </span>
      <span className="adm-notice-bar-content">
        {product.insurerName}系统繁忙，暂时无法报价和投保，请稍后再试
      </span>
    </div>
  )
}
