import { LabeledRow } from '../../components/LabeledRow'
import { formatShanghaiDateTime } from '../../domain/dates'
import { purchaseText } from '../../domain/purchaseTexts'
import type { Policy } from './api'

type SalesRecord = NonNullable<Policy['salesRecord']>

/**
 * 投保过程已记录 (可回溯): what was recorded of this sale, since when and until when it is kept; the buyer's
 * notice under the personal-information rules.
 */
export function SalesRecordCard({ record }: { record: SalesRecord }) {
  return (
    <section className="purchase-card" aria-labelledby="sales-record-title" data-testid="sales-record">
      <h2 id="sales-record-title">投保过程已记录</h2>
      <p className="purchase-muted">{purchaseText('policyRecorded')}</p>
      <LabeledRow label="记录步骤">{record.steps} 项</LabeledRow>
      <LabeledRow label="开始记录">{formatShanghaiDateTime(record.recordedAt)}</LabeledRow>
      <LabeledRow label="保存至">
        {/* The kept period counts from the contract's end, which is not known yet. */}
        {record.keepUntil ? formatShanghaiDateTime(record.keepUntil).slice(0, 10) : '合同终止后起算'}
      </LabeledRow>
    </section>
  )
}
