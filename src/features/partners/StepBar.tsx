import { Steps } from '../../components/Steps'
import { formatFen } from '../../domain/money'
import { FLOW_STAGES } from './paths'

/**
 * The partner flow's step bar (产品详情 → 确认信息 → 健康告知 → 填写信息 → 投保须知 → 支付) with the price,
 * which stays on screen (sticky) until payment.
 */
export function StepBar({
  current,
  productName,
  premiumFen,
  priceNote,
}: {
  current: number
  productName?: string
  premiumFen: number | null
  priceNote?: string
}) {
  return (
    <div className="flow-header" data-testid="partner-steps">
      <Steps
        current={current}
        className="purchase-steps partner-steps"
        items={FLOW_STAGES.map((title) => ({ title }))}
      />
      <div className="flow-price" data-testid="flow-price">
        <span className="flow-price-plan">{productName ?? ''}</span>
        {premiumFen !== null ? (
          <span className="purchase-price">
            ¥{formatFen(premiumFen)}
            {priceNote && <small>{priceNote}</small>}
          </span>
        ) : (
          <span className="purchase-muted">保费计算中…</span>
        )}
      </div>
    </div>
  )
}
