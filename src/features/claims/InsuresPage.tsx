import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { useSearchParams } from 'react-router-dom'
import { EmptyView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import type { ClaimType } from '../../domain/claims'
import { ClaimableGate, claimableLoader } from './ClaimableGate'
import type { ClaimablePolicy } from './api'
import { addClaimHref, initClaimHref } from './paths'
import './claims.css'

export const loader = claimableLoader

/** /insures?policyId=: the insured person on the chosen policy, then the claim type with the documents it needs. */
export default function InsuresPage() {
  const [params] = useSearchParams()
  const policyId = params.get('policyId') ?? ''
  return (
    <div className="claim-page" data-testid="insures">
      <ClaimableGate>
        {({ items }) => {
          const policy = items.find((p) => p.policyId === policyId)
          return policy ? (
            <PickType policy={policy} />
          ) : (
            <EmptyView title="未找到可申请理赔的保单" description="保单可能尚未生效、已终止，或链接有误">
              <GoButton to={initClaimHref()}>重新选择保单</GoButton>
            </EmptyView>
          )
        }}
      </ClaimableGate>
    </div>
  )
}

function PickType({ policy }: { policy: ClaimablePolicy }) {
  const navigate = useAppNavigate()
  const only = policy.types.length === 1 ? policy.types[0].code : null
  const [type, setType] = useState<ClaimType['code'] | null>(only)
  return (
    <>
      <section aria-label="选择出险人">
        <h2 className="claim-section-title">出险人</h2>
        <div className="claim-card claim-insured" aria-checked="true" role="radio">
          <Radio checked />
          <span>
            <strong>{policy.insuredName}</strong>
            <span className="claim-muted">被保险人 · {policy.productName}</span>
          </span>
        </div>
      </section>
      <section aria-label="选择理赔类型">
        <h2 className="claim-section-title">理赔类型</h2>
        <Radio.Group value={type} onChange={(value) => setType(value as ClaimType['code'])}>
          <ul className="claim-type-list">
            {policy.types.map((t) => (
              <li key={t.code} className={`claim-card claim-type${type === t.code ? ' is-picked' : ''}`}>
                <Radio value={t.code} block>
                  <strong>{t.name}</strong>
                </Radio>
                <p className="claim-muted claim-type-docs">
                  需准备：{t.documents.map((d) => `${d.name} ${d.least} 张`).join('、')}
                </p>
              </li>
            ))}
          </ul>
        </Radio.Group>
        {policy.waitingDays > 0 && (
          <p className="claim-muted claim-hint">
            本保单等待期 {policy.waitingDays} 天（意外事故无等待期），等待期内发生的保险事故不予理赔。
          </p>
        )}
      </section>
      <div className="claim-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!type}
          onClick={() => {
            if (type) navigate(addClaimHref(policy.policyId, type))
          }}
        >
          下一步，填写理赔申请
        </Button>
      </div>
    </>
  )
}
