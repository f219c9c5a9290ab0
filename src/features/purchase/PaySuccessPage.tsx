import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import { Navigate, useLocation, useSearchParams } from 'react-router-dom'
import { orderKey, useOrder, type Order } from '../orders/api'
import { policyKey, usePolicy } from '../policies/api'
import { LabeledRow } from '../../components/LabeledRow'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatShanghaiDateTime } from '../../domain/dates'
import { formatFen } from '../../domain/money'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { Outcome } from './Outcome'
import '../../components/flow/flow.css'
import { homeHref } from '../home/paths'
import { backToOrders, orderDetailHref, ordersHref } from '../orders/paths'
import { policyDetailHref } from '../policies/paths'
import { insuredSuccessHref } from '../partners/paths'
import { withLayoutPrefix } from '../../components/navigation/appPath'
import { orderIdOf } from './paths'
import type { ScreenLoader } from '../../types/route'
import { useTrailScreen } from '../trail/api'

const POLL_MS = 1500

/** The order, then its policy once issued. */
export const loader: ScreenLoader = async ({ search }, load) => {
  const orderId = orderIdOf(search)
  if (!orderId) return
  const { policyId } = await load<Order>(orderKey(orderId))
  if (policyId) await load(policyKey(policyId))
}

/**
 * /paySuccess: where every way of paying ends (the provider's page on this phone, the QR code paid from another
 * device, a free gift): 投保成功 with the policy number, when cover starts and until when it can be undone.
 */
export default function PaySuccessPage() {
  const [params] = useSearchParams()
  const orderId = orderIdOf(params)
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  // The callback may land a moment after the payer returns: ask again until the policy is issued.
  const order = useOrder(orderId, POLL_MS)
  // A partner order's result is its own screen (投保结果), recorded there.
  const ours = order.data && order.data.source !== 'partner:huating' ? order.data : undefined
  useTrailScreen({ productId: ours?.productId ?? null, title: '投保成功' })
  const policyId = order.data?.policyId ?? null
  const policy = usePolicy(policyId)

  if (!orderId)
    return (
      <EmptyView title="缺少订单信息" description="请在我的订单中查看投保结果">
        <Button color="primary" onClick={() => navigate(ordersHref(), { replace: true })}>
          我的订单
        </Button>
      </EmptyView>
    )
  if (order.error)
    return <LoginAwareError back={backToOrders} error={order.error} onRetry={() => void order.mutate()} />
  if (!order.data) return <LoadingView />
  // The partner insurer issues a partner order by its own callback: its result page follows that.
  if (order.data.source === 'partner:huating')
    return <Navigate replace to={withLayoutPrefix(insuredSuccessHref(orderId), pathname)} />
  if (!policyId || !policy.data) {
    const paid = order.data.status === 'PAID' || order.data.status === 'ISSUED'
    return (
      <Outcome
        status="waiting"
        title={paid ? '支付成功，正在出单' : '正在确认支付结果'}
        description="请稍候，本页将自动更新"
      >
        <Button block onClick={() => navigate(orderDetailHref(orderId), { replace: true })}>
          查看订单
        </Button>
      </Outcome>
    )
  }
  const p = policy.data
  return (
    <div className="purchase-page" data-testid="pay-success">
      <Result status="success" title="投保成功" description={`${p.productName}（${p.planName}）`} />
      <section className="purchase-card">
        <LabeledRow label="保单号">
          <span data-testid="policy-no">{p.policyNo}</span>
        </LabeledRow>
        <LabeledRow label="被保险人">{p.insured.name}</LabeledRow>
        <LabeledRow label="保费">¥{formatFen(p.premiumFen)}</LabeledRow>
        <LabeledRow label="生效时间">{formatShanghaiDateTime(p.effectiveAt)}</LabeledRow>
        <LabeledRow label="犹豫期截止">{formatShanghaiDateTime(p.coolingOffEndsAt)}</LabeledRow>
      </section>
      <p className="purchase-muted">电子保单已发送至投保人手机，犹豫期内可在保单详情中申请全额退保。</p>
      <Button block color="primary" onClick={() => navigate(policyDetailHref(p.id), { replace: true })}>
        查看保单
      </Button>
      <Button block style={{ marginTop: 12 }} onClick={() => navigate(homeHref(), { replace: true })}>
        返回首页
      </Button>
    </div>
  )
}
