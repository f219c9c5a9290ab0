import type { Policy } from '../../api/policies'
import { relationName } from '../../domain/applicant'
import { CERTIFICATE_TYPES } from '../../domain/certificate'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { formatShanghaiDateTime } from '../../domain/dates'
import { formatFen } from '../../domain/money'
import { POLICY_STATUS_TEXT } from '../../domain/policy'

const certName = (type: string) => CERTIFICATE_TYPES.find((t) => t.type === type)?.name ?? type
const genderName = (g: string) => (g === 'M' ? '男' : g === 'F' ? '女' : '')

/** The electronic policy as a printable document. */
export function PolicyDocument({ policy }: { policy: Policy }) {
  return (
    <article className="policy-document" aria-label="电子保单">
      <h1>{policy.productName} 电子保单</h1>
      <div className="purchase-row">
        <span>保单号</span>
        <span data-testid="policy-no">{policy.policyNo}</span>
      </div>
      <div className="purchase-row">
        <span>保单状态</span>
        <span>{POLICY_STATUS_TEXT[policy.status]}</span>
      </div>
      <div className="purchase-row">
        <span>保险公司</span>
        <span>{policy.insurerName}</span>
      </div>
      <div className="purchase-row">
        <span>来源</span>
        <span>{policy.source === 'partner-api' ? '合作方API产品' : '国恒保险商城'}</span>
      </div>
      <h2>投保人</h2>
      <div className="purchase-row">
        <span>姓名</span>
        <span>{policy.holder.name}</span>
      </div>
      <div className="purchase-row">
        <span>{certName(policy.holder.certType)}</span>
        <span>{policy.holder.certNoMasked}</span>
      </div>
      <h2>被保险人</h2>
      <div className="purchase-row">
        <span>姓名</span>
        <span>
          {policy.insured.name}（{relationName(policy.insured.relationType ?? '')}）
        </span>
      </div>
      <div className="purchase-row">
        <span>{certName(policy.insured.certType)}</span>
        <span>{policy.insured.certNoMasked}</span>
      </div>
      <div className="purchase-row">
        <span>性别 / 出生日期</span>
        <span>
          {genderName(policy.insured.gender)} / {policy.insured.birthday}
        </span>
      </div>
      <h2>保障内容（{policy.planName}）</h2>
      {policy.coverages.map((c) => (
        <div className="purchase-row" key={c.name}>
          <span>{c.name}</span>
          <span>{formatFen(c.amountFen)}元</span>
        </div>
      ))}
      <h2>保费与期间</h2>
      <div className="purchase-row">
        <span>保费</span>
        <span>¥{formatFen(policy.premiumFen)}</span>
      </div>
      <div className="purchase-row">
        <span>保障期间 / 交费</span>
        <span>
          {coveragePeriodLabel(policy.coveragePeriod)} / {paymentPeriodLabel(policy.paymentPeriod)}
        </span>
      </div>
      <div className="purchase-row">
        <span>生效时间</span>
        <span>{formatShanghaiDateTime(policy.effectiveAt)}</span>
      </div>
      <div className="purchase-row">
        <span>满期时间</span>
        <span>{policy.expiresAt ? formatShanghaiDateTime(policy.expiresAt) : '终身'}</span>
      </div>
      <div className="purchase-row">
        <span>犹豫期截止</span>
        <span>{formatShanghaiDateTime(policy.coolingOffEndsAt)}</span>
      </div>
      {policy.surrenderedAt && (
        <div className="purchase-row">
          <span>退保时间 / 退费</span>
          <span>
            {formatShanghaiDateTime(policy.surrenderedAt)} / ¥{formatFen(policy.refundFen ?? 0)}
          </span>
        </div>
      )}
      <h2>适用条款</h2>
      {policy.clauses.map((c) => (
        <div key={c.id}>《{c.title}》</div>
      ))}
      <p className="purchase-muted">
        本电子保单与纸质保单具有同等法律效力。签发时间：{formatShanghaiDateTime(policy.issuedAt)}
      </p>
    </article>
  )
}
