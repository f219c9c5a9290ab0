import { Steps } from 'antd-mobile'
import { formatFen } from '../../domain/money'
import { paymentPeriodLabel, premiumCadenceLabel } from '../../domain/periods'
import { FLOW_STAGES } from './flow'
import { usePurchasePrice, type PriceLine } from './purchasePrice'

/**
 * Where the buyer is in the purchase flow, and what it costs: the price stays on screen (sticky) from the
 * first gate to payment. A step that knows the order passes its price; the others show the live quote.
 */
export function FlowSteps({ current, price }: { current: number; price?: Omit<PriceLine, 'loading'> }) {
  const live = usePurchasePrice()
  const shown = price ? { ...price, loading: false } : live
  return (
    <div className="flow-header">
      <Steps current={current} className="purchase-steps">
        {FLOW_STAGES.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <div className="flow-price" data-testid="flow-price">
        <span className="flow-price-plan">
          {[shown.planName, shown.paymentPeriod && paymentPeriodLabel(shown.paymentPeriod)]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {shown.premiumFen !== null ? (
          <span className="purchase-price">
            ¥{formatFen(shown.premiumFen)}
            <small>{premiumCadenceLabel(shown.paymentPeriod)}</small>
          </span>
        ) : (
          <span className="purchase-muted">
            {shown.loading ? '保费计算中…' : '填写被保险人信息后显示保费'}
          </span>
        )}
      </div>
    </div>
  )
}
