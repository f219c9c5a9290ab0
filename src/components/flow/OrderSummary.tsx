import type { Order } from '../../types/generated/api/order'
import { formatFen } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { coolingOffShort } from '../../domain/policy'
import { LabeledRow } from '../LabeledRow'

/** Product, plan, insured and premium of an order, with the cooling-off period shown before pay. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <section className="purchase-card">
      <h2>{order.productName}</h2>
      <LabeledRow label="订单号">{order.orderNo}</LabeledRow>
      <LabeledRow label="保障计划">{order.planName}</LabeledRow>
      <LabeledRow label="保障期间">{coveragePeriodLabel(order.coveragePeriod)}</LabeledRow>
      <LabeledRow label="交费方式">{paymentPeriodLabel(order.paymentPeriod)}</LabeledRow>
      <LabeledRow label="被保险人">{order.insured.name}</LabeledRow>
      <LabeledRow label="犹豫期">{coolingOffShort(order.coolingOffDays)}</LabeledRow>
      <div className="labeled-row">
        <span>应付保费</span>
        <span className="purchase-price">¥{formatFen(order.premiumFen)}</span>
      </div>
    </section>
  )
}
