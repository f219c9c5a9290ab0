import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import { useSearchParams } from 'react-router-dom'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { messageCenterHref } from '../messages/paths'
import { claimKey, useClaim } from './api'
import { claimYuan } from './claimStatus'
import { claimDetailHref, claimListHref } from './paths'
import type { ScreenLoader } from '../../types/route'
import './claims.css'

/** The claim the URL names (?id=), or null. */
const claimIdOf = (search: URLSearchParams) => search.get('id') || null

export const loader: ScreenLoader = (at, load) => {
  const id = claimIdOf(at.search)
  return id ? load(claimKey(id)) : undefined
}

/** /claim/addClaimSuccess?id=: the claim was filed; its number, and where its progress will be told. */
export default function AddClaimSuccessPage() {
  const navigate = useAppNavigate()
  const [params] = useSearchParams()
  const id = claimIdOf(params)
  const claim = useClaim(id)
  if (!id)
    return (
      <EmptyView title="未找到理赔申请" description="链接有误">
        <GoButton to={claimListHref()}>查看我的理赔</GoButton>
      </EmptyView>
    )
  if (claim.error)
    return (
      <LoginAwareError
        error={claim.error}
        onRetry={() => void claim.mutate()}
        back={{ to: claimListHref(), label: '查看我的理赔' }}
      />
    )
  if (!claim.data) return <LoadingView lines={4} />
  const { claimNo, amountFen, typeName } = claim.data
  return (
    <div className="claim-page" data-testid="add-claim-success">
      <Result
        status="success"
        title="理赔申请已提交"
        description="材料齐全的申请一般在 3 个工作日内完成审核，审核进度将通过消息中心通知您。"
      />
      <section className="claim-card claim-success-facts" aria-label="申请信息">
        <p>
          <span className="claim-muted">理赔编号</span>
          <strong data-testid="claim-no">{claimNo}</strong>
        </p>
        <p>
          <span className="claim-muted">理赔类型</span>
          <span>{typeName}</span>
        </p>
        <p>
          <span className="claim-muted">申请金额</span>
          <span>{claimYuan(amountFen)}</span>
        </p>
      </section>
      <div className="claim-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(claimDetailHref(id), { replace: true })}
        >
          查看理赔进度
        </Button>
        <Button block onClick={() => navigate(messageCenterHref())}>
          消息中心
        </Button>
      </div>
    </div>
  )
}
