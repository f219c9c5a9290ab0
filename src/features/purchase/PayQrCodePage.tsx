import { useEffect, useRef, useState } from 'react'
import { Button, DotLoading } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { orderKey, useOrder } from '../orders/api'
import {
  PAY_CHANNELS,
  paymentChannelsKey,
  paymentKey,
  startPayment,
  usePayment,
  usePaymentChannels,
} from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { describeError } from '../../lib/request'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { formatCountdown, useCountdown } from '../../components/flow/useCountdown'
import { FailedPayment, RefundedPayment, useLeaveWhenPaid } from './PaymentEndings'
import '../../components/flow/flow.css'
import { backToOrders } from '../orders/paths'
import { orderIdOf, paymentIdOf, sandboxPayHref } from './paths'
import type { ScreenLoader } from '../../types/route'
import { useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'

const POLL_MS = 2000

export const loader: ScreenLoader = async ({ search }, load) => {
  const orderId = orderIdOf(search)
  const paymentId = paymentIdOf(search)
  await Promise.all([
    orderId && load(orderKey(orderId)),
    paymentId && load(paymentKey(paymentId)),
    load(paymentChannelsKey),
  ])
}

/** /payqrcode: the QR code with its 5-minute countdown; a new code replaces an expired one; polls for the result. */
export default function PayQrCodePage() {
  const [params, setParams] = useSearchParams()
  const orderId = orderIdOf(params)
  const paymentId = paymentIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(orderId)
  useTrailScreen({ productId: order.data?.productId ?? null, title: '扫码支付' })
  useEffect(() => trackFunnel('pay', order.data?.productId), [order.data?.productId])
  const payment = usePayment(paymentId, POLL_MS)
  const left = useCountdown(payment.data?.expiresAt)
  const [image, setImage] = useState<string | null>(null)
  const [refreshError, setRefreshError] = useState<string | null>(null)
  const refreshing = useRef(false)
  const sandbox = usePaymentChannels().data?.sandbox === true

  const qrContent = payment.data?.qrContent
  useEffect(() => {
    if (!qrContent) return
    let live = true
    // The encoder (~8 KiB gzip) loads with the payment, not with the screen: price and countdown show first.
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(qrContent, { width: 440, margin: 1 }))
      .then(
        (url) => live && setImage(url),
        () => live && setRefreshError('二维码生成失败，请检查网络后刷新页面'),
      )
    return () => {
      live = false
    }
  }, [qrContent])

  const status = payment.data?.status
  const expired = status === 'EXPIRED' || (status === 'PENDING' && left === 0)
  const channel = payment.data?.channel
  useEffect(() => {
    if (!expired || !orderId || !channel || refreshing.current) return
    refreshing.current = true
    startPayment(orderId, channel, { replacing: paymentId ?? undefined })
      .then((fresh) => setParams({ orderId, paymentId: fresh.paymentId }, { replace: true }))
      .catch((error: unknown) => setRefreshError(describeError(error)))
      .finally(() => {
        refreshing.current = false
      })
  }, [expired, orderId, channel, paymentId, setParams])

  useLeaveWhenPaid(status, orderId, order.mutate, navigate)

  if (!orderId || !paymentId) return <EmptyView title="缺少支付信息" description="请从订单重新发起支付" />
  // A failed poll (a network blip) keeps the code on screen; the next poll asks again.
  const error = payment.error ?? order.error
  if (error && !(payment.data && order.data))
    return <LoginAwareError back={backToOrders} error={error} onRetry={() => void payment.mutate()} />
  if (!payment.data || !order.data) return <LoadingView />
  const channelName = PAY_CHANNELS.find((c) => c.channel === payment.data?.channel)?.title ?? ''

  if (status === 'REFUNDED')
    return <RefundedPayment order={order.data} payment={payment.data} navigate={navigate} />
  if (status === 'FAILED') return <FailedPayment orderId={orderId} navigate={navigate} />

  return (
    <div className="purchase-page">
      <section className="purchase-card purchase-qr">
        <h2>{channelName}扫码支付</h2>
        <div className="purchase-price">¥{formatFen(payment.data.amountFen)}</div>
        {expired || !image ? (
          <div style={{ height: 220, display: 'flex', alignItems: 'center' }}>
            {refreshError ?? (
              <span>
                {expired ? '二维码已过期，正在刷新' : '二维码生成中'} <DotLoading />
              </span>
            )}
          </div>
        ) : (
          <img src={image} alt="支付二维码" data-qr-content={payment.data.qrContent} />
        )}
        {left !== null && !expired && (
          <p role="timer">
            二维码有效期 <strong>{formatCountdown(left)}</strong>，过期将自动刷新
          </p>
        )}
        <p className="purchase-muted">
          请使用{channelName}扫一扫完成支付{sandbox ? '（演示环境为沙箱支付，不会真实扣款）' : ''}
        </p>
        {sandbox && (
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => navigate(sandboxPayHref(payment.data?.paymentId ?? ''))}
          >
            在本机打开沙箱支付页
          </Button>
        )}
      </section>
      <p className="purchase-muted" style={{ textAlign: 'center' }}>
        支付完成后本页将自动跳转
      </p>
    </div>
  )
}
