import { Steps } from '../../components/Steps'
import { formatFen } from '../../domain/money'
import { paymentPeriodLabel, premiumCadenceLabel } from '../../domain/periods'
import { useProductDetail } from '../catalog/api'
import { FLOW_STAGES, flowStages, useFlowParams, type FlowStage } from './flow'
import { usePurchasePrice, type PriceLine } from './purchasePrice'

/**
 * Where the buyer is in the purchase flow, and what it costs: the price stays on screen (sticky) from the
 * first gate to payment. A step that knows the order passes its price; the others show the live quote. When
 * the real insured prices differently from the product page's trial, it says so, with both prices.
 */
export function FlowSteps({
  current,
  price,
  productId,
}: {
  /** The stage, or (the pay screen's older call) 4 for 支付. */
  current: FlowStage | number
  price?: Omit<PriceLine, 'loading'>
  /** The product when the query string does not name it (the pay screen knows its order's). */
  productId?: string
}) {
  const live = usePurchasePrice()
  const flow = useFlowParams()
  const product = useProductDetail(productId ?? flow.productId)
  const shown = price ? { ...price, loading: false } : live
  // Until the product is known, the full list (the stage bar then loses 健康告知 at most).
  const stages = flowStages(product.data ? product.data.healthQuestions.length > 0 : true)
  const stage: FlowStage = typeof current === 'number' ? (FLOW_STAGES[current] ?? '支付') : current
  const repriced =
    !price && shown.trialPremiumFen != null && shown.premiumFen !== null ? shown.trialPremiumFen : null
  return (
    <div className="flow-header">
      <Steps
        current={Math.max(stages.indexOf(stage), 0)}
        className="purchase-steps"
        items={stages.map((title) => ({ title }))}
      />
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
      {repriced !== null && shown.premiumFen !== null && (
        <div className="flow-repriced" role="status" data-testid="flow-repriced">
          保费已按被保险人{shown.repricedFor === 'age' ? '年龄' : '信息'}重新计算 ¥{formatFen(repriced)} → ¥
          {formatFen(shown.premiumFen)}
        </div>
      )}
    </div>
  )
}
