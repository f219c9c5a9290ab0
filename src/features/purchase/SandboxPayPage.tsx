import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { mutate } from 'swr'
import { orderKey } from '../orders/api'
import { PAY_CHANNELS, sandboxPaymentKey, simulatePayment, useSandboxPayment } from './api'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { RetryNotice } from '../../components/flow/RetryNotice'
import { useRecheckOnReturn } from '../../components/flow/useRecheckOnReturn'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { describeError } from '../../lib/request'
import { Outcome } from './Outcome'
import '../../components/flow/flow.css'
import { orderDetailHref } from '../orders/paths'
import { paymentIdOf, paySuccessHref } from './paths'
import { leaveFlowTo } from './leaveFlow'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ search }, load) => {
  const paymentId = paymentIdOf(search)
  if (paymentId) await load(sandboxPaymentKey(paymentId))
}

/**
 * /pay/sandbox: the demo payment provider's page (what a wallet app would show). Its buttons make the
 * provider send its signed callback to the server; no money moves. Opened from the QR code or 银行卡.
 */
export default function SandboxPayPage() {
  const [params] = useSearchParams()
  const paymentId = paymentIdOf(params)
  const navigate = useAppNavigate()
  const payment = useSandboxPayment(paymentId)
  const [busy, setBusy] = useState<'SUCCEEDED' | 'FAILED' | null>(null)
  // What went wrong with the last tap; the payment stays on screen beside it.
  const [failure, setFailure] = useState<string | null>(null)
  // Back online or back in this tab: the payment's status is asked before another tap can pay again.
  const rechecking = useRecheckOnReturn(() => {
    setFailure(null)
    return payment.mutate()
  })

  if (!paymentId) return <EmptyView title="缺少支付单" description="请从支付页面进入" />
  if (payment.error && !payment.data)
    return <ErrorView error={payment.error} onRetry={() => void payment.mutate()} />
  if (!payment.data) return <LoadingView />
  const data = payment.data
  const channel = PAY_CHANNELS.find((c) => c.channel === data.channel)?.title ?? ''

  async function simulate(outcome: 'SUCCEEDED' | 'FAILED') {
    setBusy(outcome)
    setFailure(null)
    try {
      await payment.mutate(await simulatePayment(data.paymentId, outcome), { revalidate: false })
      // The order changed on the server: screens that cached it must read it again.
      await mutate(orderKey(data.orderId))
    } catch (error) {
      // Said on the screen, not in a toast (whose code may not load offline); the payment is asked again.
      setFailure(describeError(error))
      void payment.mutate()
    } finally {
      setBusy(null)
    }
  }

  const backToOrder = (
    <Button block color="primary" onClick={() => navigate(orderDetailHref(data.orderId), { replace: true })}>
      返回订单
    </Button>
  )
  if (data.status === 'SUCCEEDED')
    return (
      <Outcome status="success" title="模拟支付成功" description="支付通知已发送给商城">
        <Button block color="primary" onClick={() => leaveFlowTo(navigate, paySuccessHref(data.orderId))}>
          返回商城
        </Button>
      </Outcome>
    )
  if (data.status === 'FAILED')
    return (
      <Outcome status="error" title="模拟支付失败" description="商城将提示您重新支付">
        {backToOrder}
      </Outcome>
    )
  if (data.status === 'EXPIRED')
    return (
      <Outcome status="warning" title="支付单已过期" description="请返回商城重新发起支付">
        {backToOrder}
      </Outcome>
    )

  const problem = failure ?? (payment.error ? describeError(payment.error) : null)
  const locked = busy !== null || rechecking

  return (
    <div className="purchase-page">
      <div className="purchase-notice">沙箱支付（演示环境）：不会真实扣款。</div>
      {problem && (
        <RetryNotice
          message={problem}
          onRetry={() => {
            setFailure(null)
            void payment.mutate()
          }}
        />
      )}
      <section className="purchase-card purchase-qr">
        <h2>{channel}</h2>
        <div className="purchase-price">¥{formatFen(data.amountFen)}</div>
        <p className="purchase-muted">支付单号 {data.paymentId}</p>
        <Button
          block
          color="primary"
          loading={busy === 'SUCCEEDED'}
          disabled={locked}
          onClick={() => void simulate('SUCCEEDED')}
        >
          模拟支付成功
        </Button>
        <Button
          block
          color="danger"
          fill="outline"
          loading={busy === 'FAILED'}
          disabled={locked}
          onClick={() => void simulate('FAILED')}
        >
          模拟支付失败
        </Button>
      </section>
    </div>
  )
}
