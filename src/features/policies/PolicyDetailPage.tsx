import { useSearchParams } from 'react-router-dom'
import { usePolicy } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToPolicies } from './paths'
import { PolicyActions } from './PolicyActions'
import { PolicyDocument } from './PolicyDocument'
import '../../components/flow/flow.css'

/** /policy/policyDetail and /policy/apiPolicyDetail: the electronic policy of a logged-in owner. */
export default function PolicyDetailPage() {
  const [params] = useSearchParams()
  const id = params.get('id')?.trim() || null
  const policy = usePolicy(id)
  if (!id) return <EmptyView title="缺少保单号" description="请从我的保单进入" />
  if (policy.error)
    return <LoginAwareError back={backToPolicies} error={policy.error} onRetry={() => void policy.mutate()} />
  if (!policy.data) return <LoadingView lines={8} />
  return (
    <div className="purchase-page">
      <PolicyDocument policy={policy.data} />
      <PolicyActions
        policy={policy.data}
        onChange={(next) => void policy.mutate(next, { revalidate: false })}
      />
    </div>
  )
}
