import { orderIdOf } from '../purchase/paths'
import { useEffect } from 'react'
import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import { useSearchParams } from 'react-router-dom'
import { LabeledRow } from '../../components/LabeledRow'
import { JourneyRows } from '../../components/JourneyRows'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { homeHref } from '../home/paths'
import { backToOrders, orderDetailHref } from '../orders/paths'
import { payHref } from '../purchase/paths'
import { partnerOrderKey, usePartnerOrder } from './api'
import { clearPartnerDraft, type PartnerStateKey } from './flowState'
import { AIR_PRODUCT_ID, apiPolicyDetailHref, PARTNER_FLOW_KEYS, partnerFlows } from './paths'
import '../../components/flow/flow.css'
import './partners.css'
import type { ScreenLoader } from '../../types/route'
import { useTrailScreen } from '../trail/api'

const POLL_MS = 1500

/** The partner order the URL names (?orderId=), or null. */

export const loader: ScreenLoader = (at, load) => {
  const orderId = orderIdOf(at.search)
  return orderId ? load(partnerOrderKey(orderId)) : undefined
}

const stateOfProduct = (productId: string): PartnerStateKey | undefined =>
  productId === AIR_PRODUCT_ID
    ? 'airAccident'
    : PARTNER_FLOW_KEYS.find((k) => partnerFlows[k].productId === productId)

/**
 * 投保结果 of a partner order: after payment the partner issues the policy asynchronously (its callback); this
 * page asks until the policy is issued or issuing failed (the premium is then refunded).
 */
export default function InsuredSuccessPage() {
  const [params] = useSearchParams()
  const orderId = orderIdOf(params)
  const navigate = useAppNavigate()
  const order = usePartnerOrder(orderId, POLL_MS)
  const data = order.data
  const issued = data?.partnerStatus === 'ISSUED'
  useTrailScreen({ productId: data?.productId ?? null, title: '投保结果' })

  // The application is done: the next purchase starts from a clean form.
  useEffect(() => {
    const key = data && issued ? stateOfProduct(data.productId) : undefined
    if (key) clearPartnerDraft(key)
  }, [data, issued])

  if (!orderId) return <EmptyView title="缺少订单信息" description="请在我的订单中查看投保结果" />
  if (order.error)
    return <LoginAwareError back={backToOrders} error={order.error} onRetry={() => void order.mutate()} />
  if (!data) return <LoadingView lines={4} />

  if (data.status === 'PENDING_PAYMENT')
    return (
      <div className="purchase-page">
        <Result status="waiting" title="订单待支付" description="完成支付后，华汀保险将为您出具保单" />
        <Button block color="primary" onClick={() => navigate(payHref(orderId), { replace: true })}>
          去支付
        </Button>
      </div>
    )
  if (data.partnerStatus === 'ISSUE_FAILED' || data.status === 'CLOSED')
    return (
      <div className="purchase-page" data-testid="insured-result">
        <Result status="error" title="出单失败" description={data.message ?? '出单失败，已为您退款'} />
        <Button block onClick={() => navigate(orderDetailHref(orderId), { replace: true })}>
          查看订单
        </Button>
      </div>
    )
  if (!issued || !data.policyId)
    return (
      <div className="purchase-page" data-testid="insured-result">
        <Result
          status="waiting"
          title="保单出具中"
          description={
            data.message && data.message !== '保单出具中'
              ? data.message
              : '支付成功，保险公司正在出具保单，本页将自动更新'
          }
        />
        <Button block onClick={() => navigate(orderDetailHref(orderId), { replace: true })}>
          查看订单
        </Button>
      </div>
    )
  return (
    <div className="purchase-page" data-testid="insured-result">
      <Result status="success" title="投保成功" description={data.message ?? '保单已出具'} />
      <section className="purchase-card">
        <LabeledRow label="保险公司保单号">
          <span data-testid="partner-policy-no">{data.partnerPolicyNo ?? '—'}</span>
        </LabeledRow>
        <JourneyRows flight={data.flight} trip={data.trip} />
      </section>
      <Button
        block
        color="primary"
        onClick={() => navigate(apiPolicyDetailHref(data.policyId!), { replace: true })}
      >
        查看保单
      </Button>
      <Button block style={{ marginTop: 12 }} onClick={() => navigate(homeHref(), { replace: true })}>
        返回首页
      </Button>
    </div>
  )
}
