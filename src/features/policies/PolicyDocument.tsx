import { policyStatusText, type Policy } from './api'
import { relationName } from '../../domain/applicant'
import { CERTIFICATE_TYPES } from '../../domain/certificate'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { formatShanghaiDateTime } from '../../domain/dates'
import { formatCoverageAmount, formatFen } from '../../domain/money'
import { EXCLUSIONS_PREAMBLE } from '../../domain/policy'
import { LabeledRow } from '../../components/LabeledRow'
import { JourneyRows } from '../../components/JourneyRows'
import './policyDetail.css'

const certName = (type: string) => CERTIFICATE_TYPES.find((t) => t.type === type)?.name ?? type
/** Who sold the policy: the mall, or the insurer that issued it through its own API. */
const policySourceName = (policy: Pick<Policy, 'source' | 'insurerName'>) =>
  policy.source === 'mall'
    ? '国恒保险商城'
    : policy.source === 'partner-api'
      ? '合作方API产品'
      : policy.insurerName

const genderName = (g: string) => (g === 'M' ? '男' : g === 'F' ? '女' : '')

/** The electronic policy as a printable document; `onClause` opens a clause's text (where it can be read). */
export function PolicyDocument({
  policy,
  onClause,
}: {
  policy: Policy
  onClause?: (clause: Policy['clauses'][number]) => void
}) {
  return (
    <article className="policy-document" aria-label="电子保单">
      <h1>{policy.productName} 电子保单</h1>
      <div className="labeled-row">
        <span>保单号</span>
        <span data-testid="policy-no">{policy.policyNo}</span>
      </div>
      {policy.source !== 'mall' && (
        <LabeledRow label="保险公司保单号">
          <span data-testid="partner-policy-no">{policy.partnerPolicyNo ?? '保单出具中'}</span>
        </LabeledRow>
      )}
      <LabeledRow label="保单状态">
        <span data-testid="policy-status">{policyStatusText(policy)}</span>
      </LabeledRow>
      {policy.surrenderRequest && (
        <LabeledRow label="退保申请">
          <span data-testid="surrender-request-note">{policy.surrenderRequest.note}</span>
        </LabeledRow>
      )}
      <LabeledRow label="保险公司">{policy.insurerName}</LabeledRow>
      <LabeledRow label="来源">{policySourceName(policy)}</LabeledRow>
      <h2>投保人</h2>
      <LabeledRow label="姓名">{policy.holder.name}</LabeledRow>
      <LabeledRow label={certName(policy.holder.certType)}>{policy.holder.certNoMasked}</LabeledRow>
      <h2>被保险人</h2>
      <LabeledRow label="姓名">
        {policy.insured.name}（{relationName(policy.insured.relationType ?? '')}）
      </LabeledRow>
      <LabeledRow label={certName(policy.insured.certType)}>{policy.insured.certNoMasked}</LabeledRow>
      <LabeledRow label="性别 / 出生日期">
        {genderName(policy.insured.gender)} / {policy.insured.birthday}
      </LabeledRow>
      <h2>保障内容（{policy.planName}）</h2>
      {policy.coverages.map((c) => (
        <LabeledRow key={c.name} label={c.name}>
          {formatCoverageAmount(c.amountFen)}
        </LabeledRow>
      ))}
      <h2>保费与期间</h2>
      <LabeledRow label="保费">¥{formatFen(policy.premiumFen)}</LabeledRow>
      <LabeledRow label="保障期间 / 交费">
        {coveragePeriodLabel(policy.coveragePeriod)} / {paymentPeriodLabel(policy.paymentPeriod)}
      </LabeledRow>
      <JourneyRows flight={policy.flight} trip={policy.trip} />
      <LabeledRow label="生效时间">{formatShanghaiDateTime(policy.effectiveAt)}</LabeledRow>
      <LabeledRow label="满期时间">
        {policy.expiresAt ? formatShanghaiDateTime(policy.expiresAt) : '终身'}
      </LabeledRow>
      <LabeledRow label="犹豫期截止">{formatShanghaiDateTime(policy.coolingOffEndsAt)}</LabeledRow>
      {policy.surrenderedAt && (
        <LabeledRow label="退保时间 / 退费">
          {formatShanghaiDateTime(policy.surrenderedAt)} / ¥{formatFen(policy.refundFen ?? 0)}
        </LabeledRow>
      )}
      {policy.exclusions.length > 0 && (
        <section className="policy-exclusions" aria-labelledby="policy-exclusions-title">
          <h2 id="policy-exclusions-title">特别约定</h2>
          <p>{EXCLUSIONS_PREAMBLE}</p>
          <ol>
            {policy.exclusions.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ol>
        </section>
      )}
      <h2>适用条款</h2>
      {policy.clauses.map((c) =>
        onClause ? (
          <button key={c.id} type="button" className="policy-clause" onClick={() => onClause(c)}>
            《{c.title}》
          </button>
        ) : (
          <div key={c.id}>《{c.title}》</div>
        ),
      )}
      <p className="purchase-muted">
        本电子保单与纸质保单具有同等法律效力。签发时间：{formatShanghaiDateTime(policy.issuedAt)}
      </p>
    </article>
  )
}
