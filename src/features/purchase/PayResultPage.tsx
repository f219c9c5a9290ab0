import { useState } from 'react'
import { Button, DotLoading } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { orderKey, useOrder } from '../orders/api'
import { paymentKey, usePayment } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { formatFen } from '../../domain/money'
import { backToOrders } from '../orders/paths'
import { FailedPayment, RefundedPayment, useLeaveWhenPaid } from './PaymentEndings'
import { orderIdOf, payHref, paymentIdOf } from './paths'
import type { ScreenLoader } from '../../types/route'
import { useTrailScreen } from '../trail/api'
import '../../components/flow/flow.css'

const POLL_MS = 2000

export const loader: ScreenLoader = async ({ search }, load) => {
  const orderId = orderIdOf(search)
  const paymentId = paymentIdOf(search)
  await Promise.all([orderId && load(orderKey(orderId)), paymentId && load(paymentKey(paymentId))])
}

/**
 * /pay/result: back from WeChat's H5 cashier (which comes back whether the payer paid or not), or after WeChat's
 * or the app's pay said ok. Only the server knows the payment from WeChat's callback: it is asked every 2 s
 * (支付结果确认中) until it is paid (on to 投保成功), failed or refunded. 已完成支付 asks at once; 重新支付 goes back
 * to the pay screen.
 */
export default function PayResultPage() {
  const [params] = useSearchParams()
  const orderId = orderIdOf(params)
  const paymentId = paymentIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(orderId)
  useTrailScreen({ productId: order.data?.productId ?? null, title: '支付结果' })
  const payment = usePayment(paymentId, POLL_MS)
  const [checking, setChecking] = useState(false)
  const [stillPending, setStillPending] = useState(false)
  const status = payment.data?.status
  // Paid by this payment, or the order says paid (a payment made another way meanwhile).
  const orderPaid = order.data?.status === 'PAID' || order.data?.status === 'ISSUED'
  useLeaveWhenPaid(orderPaid && status !== 'REFUNDED' ? 'SUCCEEDED' : status, orderId, order.mutate, navigate)

  if (!orderId || !paymentId) return <EmptyView title="缺少支付信息" description="请从订单重新发起支付" />
  // A failed poll (a network blip) keeps the screen as it is; the next poll asks again.
  const error = payment.error ?? order.error
  if (error && !(payment.data && order.data))
    return <LoginAwareError back={backToOrders} error={error} onRetry={() => void payment.mutate()} />
  if (!payment.data || !order.data) return <LoadingView />
  if (status === 'REFUNDED')
    return <RefundedPayment order={order.data} payment={payment.data} navigate={navigate} />
  if (status === 'FAILED') return <FailedPayment orderId={orderId} navigate={navigate} />

  const expired = status === 'EXPIRED'
  const check = async () => {
    setChecking(true)
    try {
      const [fresh] = await Promise.all([payment.mutate(), order.mutate()])
      setStillPending(fresh?.status === 'PENDING')
    } finally {
      setChecking(false)
    }
  }

  return (
    <div className="purchase-page" data-testid="pay-result">
      <section className="purchase-card purchase-confirming" aria-live="polite">
        <h2>{expired ? '本次支付已超时' : '支付结果确认中'}</h2>
        <div className="purchase-price">¥{formatFen(payment.data.amountFen)}</div>
        {expired ? (
          <p className="purchase-muted">未收到本次支付，请重新支付</p>
        ) : (
          <div className="purchase-muted">
            正在查询支付结果 <DotLoading />
            <br />
            支付完成后本页将自动跳转
          </div>
        )}
        {stillPending && status === 'PENDING' && (
          <p className="purchase-muted" role="status" data-testid="pay-result-pending">
            暂未查询到支付结果，如已付款请稍候再试
          </p>
        )}
      </section>
      <div className="purchase-confirming-actions">
        {!expired && (
          <Button block color="primary" loading={checking} disabled={checking} onClick={() => void check()}>
            已完成支付
          </Button>
        )}
        <Button
          block
          color="primary"
          fill={expired ? 'solid' : 'outline'}
          disabled={checking}
          onClick={() => navigate(payHref(orderId), { replace: true })}
        >
          重新支付
        </Button>
      </div>
    </div>
  )
}
