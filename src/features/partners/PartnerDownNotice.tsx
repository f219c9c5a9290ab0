import { NoticeBar } from '../../components/notice-bar/NoticeBar'
import type { PartnerProduct } from './api'

/**
 * Shown while the insurer's system is down (its circuit breaker is open, `available: false`): the user learns it
 * before filling anything in; quotes and applications are answered at once with the same words.
 */
export function PartnerDownNotice({ product }: { product: PartnerProduct }) {
  if (product.available !== false) return null
  return (
    <div data-testid="partner-down" role="status">
      <NoticeBar
        color="alert"
        wrap
        content={`${product.insurerName}系统繁忙，暂时无法报价和投保，请稍后再试`}
      />
    </div>
  )
}
