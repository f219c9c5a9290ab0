import { useEffect, useState } from 'react'
import { Button, List } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { useSearchParams } from 'react-router-dom'
import { PAY_CHANNELS, paymentChannelsKey, startPayment, usePaymentChannels, type PayChannel } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { isPayable, ORDER_STATUS_TEXT } from '../../domain/order'
import { describeError, HttpError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { OrderSummary } from '../../components/flow/OrderSummary'
import { RetryNotice } from '../../components/flow/RetryNotice'
import { useRecheckOnReturn } from '../../components/flow/useRecheckOnReturn'
import { formatCountdown, useCountdown } from '../../components/flow/useCountdown'
import '../../components/flow/flow.css'
import { useSnapshot } from 'valtio'
import { useHydrating } from '../../components/prerender'
import { nativeStore } from '../../state/native'
import { backToOrders, orderDetailHref } from '../orders/paths'
import { orderIdOf, payQrCodeHref, paySuccessHref } from './paths'
import { ServiceDisclosure } from '../../components/disclosure/ServiceDisclosure'
import { leaveFlowTo } from './leaveFlow'
import { Outcome } from './Outcome'
import { agreePremium, partnerOrderKey, usePartnerOrder } from '../partners/api'
import { askPremiumAgreement } from '../../components/flow/PremiumChangeDialog'
import { cancelOrder, orderKey, useOrder, type Order } from '../orders/api'
import type { ScreenLoader } from '../../types/route'
import { productDetailKey } from '../catalog/api'
import { disclosureKey } from '../../components/disclosure/api'
import { useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'

/** A partner insurer's order: asked for its own record too (the insurer may have re-priced its premium). */
const partnerOrderIdOf = (order: Order | undefined) =>
  order?.source.startsWith('partner:') ? order.id : null

/** Whether the screen offers `order` for payment, `left` ms before it closes: the form, which names its product. */
const offersPayment = (order: Order, left: number | null) => isPayable(order.status) && left !== 0

export const loader: ScreenLoader = async ({ search }, load) => {
  const orderId = orderIdOf(search)
  const channels = load(paymentChannelsKey)
  // The form shows once the channels came too: its flow steps and disclosure are the product's.
  const form = async (order: Order) => {
    await channels
    if (offersPayment(order, Math.max(0, Date.parse(order.expiresAt) - Date.now())))
      await Promise.all([load(productDetailKey(order.productId)), load(disclosureKey(order.productId))])
  }
  const withOrder = async (id: string) => {
    const order = await load<Order>(orderKey(id))
    const partnerOrderId = partnerOrderIdOf(order)
    await Promise.all([partnerOrderId && load(partnerOrderKey(partnerOrderId)), form(order)])
  }
  await Promise.all([channels, orderId && withOrder(orderId)])
}

/** An answer that no retry changes (log in, or the order is gone): the screen gives way to it. */
const settled = (error: unknown) =>
  error instanceof HttpError && (error.status === 401 || error.status === 404)

/** A touch phone pays in the provider's H5 page; a computer shows the QR code for the phone to scan. */
const onPhone = () => window.matchMedia?.('(pointer: coarse)').matches ?? false

/** onPhone for rendering: the server (and hydration) can only guess from the user agent's device. */
function useOnPhone(): boolean {
  const hydrating = useHydrating()
  const { device } = useSnapshot(nativeStore.state)
  return hydrating ? device === 'ios' || device === 'android' : onPhone()
}

/** The provider's pay page as a place to go: a path on this site, an https page, or null (an app scheme). */
function pagePath(payUrl: string): string | null {
  try {
    const url = new URL(payUrl, window.location.href)
    if (url.origin === window.location.origin) return `${url.pathname}${url.search}`
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** /pay: choose among the channels the mall takes (微信支付 / 支付宝 / 银行卡; the sandbox in demo mode). */
export default function PayPage() {
  const [params] = useSearchParams()
  const orderId = orderIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(orderId)
  useTrailScreen({ productId: order.data?.productId ?? null, title: '支付' })
  useEffect(() => trackFunnel('pay', order.data?.productId), [order.data?.productId])
  const offered = usePaymentChannels()
  const [chosen, setChosen] = useState<PayChannel>('wechat')
  const [paying, setPaying] = useState(false)
  // What went wrong with the last tap on 立即支付; the order stays on screen beside it.
  const [payError, setPayError] = useState<string | null>(null)
  const left = useCountdown(order.data?.expiresAt)
  const phone = useOnPhone()
  // A partner order whose premium the insurer re-priced is paid once the user agreed to it.
  const partnerOrder = usePartnerOrder(partnerOrderIdOf(order.data))
  const premiumChange = partnerOrder.data?.premiumChanged ?? null
  // Back online or back in this tab: whether the order was paid meanwhile comes first (never paid twice).
  const rechecking = useRecheckOnReturn(() => {
    setPayError(null)
    return order.mutate()
  })

  if (!orderId) return <EmptyView title="缺少订单信息" description="请在我的订单中选择要支付的订单" />
  if (order.error && (!order.data || settled(order.error)))
    return <LoginAwareError back={backToOrders} error={order.error} onRetry={() => void order.mutate()} />
  if (offered.error && !offered.data)
    return <LoginAwareError back={backToOrders} error={offered.error} onRetry={() => void offered.mutate()} />
  if (!order.data || !offered.data) return <LoadingView />
  const current = order.data
  const { sandbox, channels } = offered.data
  const choices = PAY_CHANNELS.filter((c) => channels.includes(c.channel))
  const channel = channels.includes(chosen) ? chosen : (choices[0]?.channel ?? chosen)

  if (current.status === 'PAID' || current.status === 'ISSUED') {
    return (
      <Outcome status="success" title="订单已支付" description="无需重复支付，保单出具后可在我的保单中查看">
        <Button block color="primary" onClick={() => leaveFlowTo(navigate, paySuccessHref(current.id))}>
          查看投保结果
        </Button>
      </Outcome>
    )
  }
  if (!offersPayment(current, left)) {
    return (
      <EmptyView
        title={`订单${left === 0 ? '已关闭' : ORDER_STATUS_TEXT[current.status]}`}
        description="该订单当前不能支付"
      >
        <Button color="primary" onClick={() => navigate(orderDetailHref(current.id), { replace: true })}>
          查看订单
        </Button>
      </EmptyView>
    )
  }

  const problem = payError ?? (order.error ? describeError(order.error) : null)
  const busy = paying || rechecking

  /** On this phone: the provider's own pay page (H5); otherwise, or when asked, the QR code to scan. */
  async function pay(by: 'here' | 'qr') {
    setPaying(true)
    setPayError(null)
    try {
      if (premiumChange) {
        const agreed = await askPremiumAgreement(premiumChange)
        await (agreed ? agreePremium(current.id) : cancelOrder(current.id))
        await partnerOrder.mutate()
        if (!agreed) {
          navigate(orderDetailHref(current.id), { replace: true })
          return
        }
      }
      const payment = await startPayment(current.id, channel)
      const page = by === 'here' && onPhone() ? pagePath(payment.payUrl) : null
      if (page?.startsWith('/')) navigate(page)
      else if (page) window.location.assign(page)
      else navigate(payQrCodeHref(current.id, payment.paymentId))
    } catch (error) {
      // Said on the screen, not in a toast (whose code may not load offline); the order is asked again.
      setPayError(describeError(error))
      void order.mutate()
      void partnerOrder.mutate()
    } finally {
      setPaying(false)
    }
  }

  return (
    <div className="purchase-page">
      <FlowSteps
        current="支付"
        productId={current.productId}
        price={{
          premiumFen: current.premiumFen,
          planName: current.planName,
          paymentPeriod: current.paymentPeriod,
        }}
      />
      {problem && (
        <RetryNotice
          message={problem}
          onRetry={() => {
            setPayError(null)
            void order.mutate()
          }}
        />
      )}
      {current.status === 'PAY_FAILED' && <div className="purchase-notice">上次支付未成功，请重新支付。</div>}
      {premiumChange && (
        <div className="purchase-notice" data-testid="premium-change-notice">
          保险公司核保后保费由¥{formatFen(premiumChange.quotedFen)}调整为¥
          {formatFen(premiumChange.premiumFen)}
          ，支付前请确认
        </div>
      )}
      <OrderSummary order={current} />
      {left !== null && (
        <p className="purchase-muted" role="timer">
          请在 {formatCountdown(left)} 内完成支付，超时订单将自动关闭
        </p>
      )}
      <List header="支付方式">
        <Radio.Group value={channel} onChange={(value) => setChosen(value as PayChannel)}>
          {choices.map((c) => (
            <List.Item
              key={c.channel}
              description={sandbox ? `${c.description}（沙箱）` : c.description}
              onClick={() => setChosen(c.channel)}
            >
              <Radio value={c.channel}>{c.title}</Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      {phone && (
        <Button block fill="none" color="primary" disabled={busy} onClick={() => void pay('qr')}>
          使用其他设备扫码支付
        </Button>
      )}
      <ServiceDisclosure productId={current.productId} />
      <BottomBar>
        <span className="purchase-price">¥{formatFen(current.premiumFen)}</span>
        <Button color="primary" loading={busy} disabled={busy} onClick={() => void pay('here')}>
          立即支付
        </Button>
      </BottomBar>
    </div>
  )
}
