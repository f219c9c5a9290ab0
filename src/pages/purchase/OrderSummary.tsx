import type { Order } from '../../api/orders'
import { formatFen } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'

/** Product, plan, insured and premium of an order, with the cooling-off period shown before pay. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <section className="purchase-card">
      <h2>{order.productName}</h2>
      <div className="purchase-row">
        <span>订单号</span>
        <span>{order.orderNo}</span>
      </div>
      <div className="purchase-row">
        <span>保障计划</span>
        <span>{order.planName}</span>
      </div>
      <div className="purchase-row">
        <span>保障期间</span>
        <span>{coveragePeriodLabel(order.coveragePeriod)}</span>
      </div>
      <div className="purchase-row">
        <span>交费方式</span>
        <span>{paymentPeriodLabel(order.paymentPeriod)}</span>
      </div>
      <div className="purchase-row">
        <span>被保险人</span>
        <span>{order.insured.name}</span>
      </div>
      <div className="purchase-row">
        <span>犹豫期</span>
        <span>生效后{order.coolingOffDays}天内可全额退保</span>
      </div>
      <div className="purchase-row">
        <span>应付保费</span>
        <span className="purchase-price">¥{formatFen(order.premiumFen)}</span>
      </div>
    </section>
  )
}
