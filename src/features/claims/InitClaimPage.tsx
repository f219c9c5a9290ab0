import { Button, Tag } from 'antd-mobile'
import { RightOutline } from 'antd-mobile-icons'
import { EmptyView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { addDays } from '../../domain/age'
import { chineseDate } from '../../domain/dates'
import { shoppingHref } from '../catalog/paths'
import { ClaimableGate, claimableLoader } from './ClaimableGate'
import type { ClaimablePolicy } from './api'
import { claimListHref, insuresHref } from './paths'
import './claims.css'

const GUIDE = [
  { title: '选择保单', text: '选择出险的保单与被保险人' },
  { title: '提交材料', text: '填写出险经过，拍照上传材料' },
  { title: '审核赔付', text: '审核通过后赔款打入收款账户' },
]

export const loader = claimableLoader

/** /initClaim: the claim guide's first step, the policies I hold or am insured by that cover something claimable. */
export default function InitClaimPage() {
  const navigate = useAppNavigate()
  return (
    <div className="claim-page" data-testid="init-claim">
      <section className="claim-card claim-guide" aria-label="理赔流程">
        <ol className="claim-guide-steps">
          {GUIDE.map((step, i) => (
            <li key={step.title}>
              <span className="claim-guide-index">{i + 1}</span>
              <strong>{step.title}</strong>
              <span className="claim-muted">{step.text}</span>
            </li>
          ))}
        </ol>
        <p className="claim-muted claim-guide-note">
          出险后请尽快报案；材料齐全的申请一般在 3 个工作日内完成审核，进度会通过消息中心通知您。
        </p>
      </section>
      <ClaimableGate>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyView title="暂无可申请理赔的保单" description="生效中的保单才能申请理赔">
              <GoButton to={shoppingHref()}>去逛逛</GoButton>
            </EmptyView>
          ) : (
            <section aria-label="选择保单">
              <h2 className="claim-section-title">选择出险保单</h2>
              <ul className="claim-policy-list">
                {items.map((policy) => (
                  <li key={policy.policyId}>
                    <PolicyChoice policy={policy} onPick={() => navigate(insuresHref(policy.policyId))} />
                  </li>
                ))}
              </ul>
            </section>
          )
        }
      </ClaimableGate>
      <Button block fill="none" onClick={() => navigate(claimListHref())}>
        查看我的理赔进度
      </Button>
    </div>
  )
}

function PolicyChoice({ policy, onPick }: { policy: ClaimablePolicy; onPick: () => void }) {
  return (
    <button type="button" className="claim-card claim-policy" onClick={onPick}>
      <span className="claim-policy-head">
        <strong>{policy.productName}</strong>
        <Tag color={policy.role === 'holder' ? 'primary' : 'success'} fill="outline">
          {policy.role === 'holder' ? '我是投保人' : '我是被保险人'}
        </Tag>
      </span>
      <span className="claim-muted">保单号 {policy.policyNo}</span>
      <span className="claim-muted">被保险人 {policy.insuredName}</span>
      <span className="claim-muted">
        保障期间 {chineseDate(policy.effectiveDate)} 至{' '}
        {policy.endDate ? chineseDate(addDays(policy.endDate, -1)) : '终身'}
      </span>
      <span className="claim-policy-go">
        申请理赔 <RightOutline />
      </span>
    </button>
  )
}
