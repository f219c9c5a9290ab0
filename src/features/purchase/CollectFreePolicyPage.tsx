import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { completeFreeOrder, orderKey, useOrder } from '../orders/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { OrderSummary } from '../../components/flow/OrderSummary'
import '../../components/flow/flow.css'
import { backToOrders, orderDetailHref } from '../orders/paths'
import { leaveFlowTo } from './leaveFlow'
import { orderIdOf, paySuccessHref } from './paths'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ search }, load) => {
  const orderId = orderIdOf(search)
  if (orderId) await load(orderKey(orderId))
}

/** /skiPay (the spec's path): 确认领取 — a zero-premium (gift) order is collected, issued without payment. */
export default function CollectFreePolicyPage() {
  const [params] = useSearchParams()
  const orderId = orderIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(orderId)
  const [busy, setBusy] = useState(false)

  if (!orderId) return <EmptyView title="缺少订单信息" description="请在我的订单中查看" />
  if (order.error)
    return <LoginAwareError back={backToOrders} error={order.error} onRetry={() => void order.mutate()} />
  if (!order.data) return <LoadingView />
  const current = order.data
  if (current.premiumFen !== 0 || current.status !== 'PENDING_PAYMENT') {
    return (
      <EmptyView
        title="该订单无需领取"
        description={current.premiumFen !== 0 ? '该订单需要支付保费' : '该订单已处理'}
      >
        <Button color="primary" onClick={() => navigate(orderDetailHref(current.id), { replace: true })}>
          查看订单
        </Button>
      </EmptyView>
    )
  }

  async function collect() {
    setBusy(true)
    try {
      const done = await completeFreeOrder(current.id)
      leaveFlowTo(navigate, paySuccessHref(done.id))
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="purchase-page">
      <OrderSummary order={current} />
      <div className="purchase-notice">本产品为赠送保险，无需支付保费，确认后即出具保单。</div>
      <BottomBar>
        <Button block color="primary" loading={busy} disabled={busy} onClick={() => void collect()}>
          确认领取
        </Button>
      </BottomBar>
    </div>
  )
}
