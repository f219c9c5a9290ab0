import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import { useLocation, useSearchParams } from 'react-router-dom'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { HttpError } from '../../lib/request'
import { useMe } from '../member/api'
import { partnerOrderKey, usePartnerOrder, type PartnerOrder } from '../partners/api'
import { backToPolicies, partnerOrderIdOf, partnerPolicyIdOf } from './paths'
import { loadPolicyDetail, PolicyDetail } from './PolicyDetailPage'
import '../../components/flow/flow.css'
import type { ScreenLoader } from '../../types/route'

const POLL_MS = 2000

/** Logged in only: the issuing order the URL names, and the policy (the URL's, else the order's once issued). */
export const loader: ScreenLoader = async ({ search, loggedIn }, load) => {
  if (!loggedIn) return
  const orderId = partnerOrderIdOf(search)
  const order = orderId ? load<PartnerOrder>(partnerOrderKey(orderId)) : undefined
  const policyId = partnerPolicyIdOf(search) ?? partnerPolicyIdOf(search, await order)
  await Promise.all([order, policyId && loadPolicyDetail(load, policyId)])
}

/** The not-logged-in detail: what the page is, and a login that comes back here. */
function LoginToView({ what }: { what: string }) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  return (
    <div className="purchase-page" data-testid="login-to-view">
      <Result
        status="info"
        title={`登录后查看${what}`}
        description="为保护您的个人信息，保单仅对投保人本人展示"
      />
      <Button block color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
        去登录
      </Button>
    </div>
  )
}

function isUnauthorized(error: unknown) {
  return error instanceof HttpError && error.status === 401
}

/**
 * /policy/apiPolicyDetail?policyId= (also ?id=, and ?orderId= while the partner is still issuing): a policy issued
 * through a partner insurer's API. Once there is a policy it is the one policy page (PolicyDetail: both policy
 * numbers, 保额, 犹豫期 and 犹豫期退保), the same as /policy/policyDetail shows.
 */
export default function ApiPolicyDetailPage() {
  const [params] = useSearchParams()
  const orderId = partnerOrderIdOf(params)
  // Asked first: a visitor sees the not-logged-in detail rather than an error.
  const me = useMe()
  const loggedIn = Boolean(me.data)
  // Until issued, the order says 保单出具中; its policy id then opens the policy.
  const order = usePartnerOrder(loggedIn ? orderId : null, POLL_MS)
  const policyId = partnerPolicyIdOf(params, order.data)

  if (!policyId && !orderId) return <EmptyView title="缺少保单号" description="请从我的保单进入" />
  if (me.data === undefined && !me.error) return <LoadingView lines={8} />
  if (me.data === null || isUnauthorized(order.error)) return <LoginToView what="保单详情" />
  if (me.error)
    return <LoginAwareError back={backToPolicies} error={me.error} onRetry={() => void me.mutate()} />
  if (policyId) return <PolicyDetail id={policyId} />
  if (order.error)
    return <LoginAwareError back={backToPolicies} error={order.error} onRetry={() => void order.mutate()} />
  if (!order.data) return <LoadingView lines={6} />
  const failed = order.data.partnerStatus === 'ISSUE_FAILED'
  return (
    <div className="purchase-page" data-testid="api-policy-issuing">
      <Result
        status={failed ? 'error' : 'waiting'}
        title={failed ? '出单失败' : '保单出具中'}
        description={order.data.message ?? (failed ? '出单失败，已为您退款' : '保险公司正在出具保单，请稍候')}
      />
    </div>
  )
}
