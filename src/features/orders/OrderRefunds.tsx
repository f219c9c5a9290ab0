import { Tag } from 'antd-mobile'
import type { Order } from './api'
import { LabeledRow } from '../../components/LabeledRow'
import { formatShanghaiDateTime } from '../../domain/dates'
import { formatFen } from '../../domain/money'
import { REFUND_REASON_TEXT, REFUND_STATUS_TEXT } from '../../domain/refund'

const STATUS_COLOR = {
  PENDING: 'warning',
  PROCESSING: 'warning',
  SUCCEEDED: 'success',
  FAILED: 'danger',
} as const

/** The refunds of an order: what goes back to the payer, why, and when it arrived. */
export function OrderRefunds({ refunds }: { refunds: Order['refunds'] }) {
  if (refunds.length === 0) return null
  return (
    <section className="purchase-card" data-testid="order-refunds">
      <h2>退款记录</h2>
      {refunds.map((refund) => (
        <div key={refund.id} className="order-refund">
          <div className="labeled-row">
            <span className="purchase-price">¥{formatFen(refund.amountFen)}</span>
            <Tag color={STATUS_COLOR[refund.status]}>{REFUND_STATUS_TEXT[refund.status]}</Tag>
          </div>
          <p className="purchase-muted">{REFUND_REASON_TEXT[refund.reason]}</p>
          <LabeledRow label="申请时间">{formatShanghaiDateTime(refund.createdAt)}</LabeledRow>
          {refund.settledAt && refund.status === 'SUCCEEDED' && (
            <LabeledRow label="退回时间">{formatShanghaiDateTime(refund.settledAt)}</LabeledRow>
          )}
          {refund.status === 'FAILED' && (
            <p className="purchase-muted">退款未能完成，客服将与您联系处理，您也可以拨打客服电话查询。</p>
          )}
          {refund.status !== 'SUCCEEDED' && refund.status !== 'FAILED' && (
            <p className="purchase-muted">款项将原路退回支付账户，一般1–3个工作日到账。</p>
          )}
        </div>
      ))}
    </section>
  )
}
