import { useEffect, useRef, useState } from 'react'
import { Button, List } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { useLocation, useSearchParams } from 'react-router-dom'
import { PAY_CHANNELS, paymentChannelsKey, startPayment, usePaymentChannels, type PayChannel } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { isPayable, ORDER_STATUS_TEXT } from '../../domain/order'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { nativeBridge } from '../../lib/nativeBridge'
import { tabFlag } from '../../lib/tabFlag'
import { withQuery } from '../../lib/href'
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
import { orderIdOf, payQrCodeHref, payResultHref, paySuccessHref } from './paths'
import { choosePayScene, SCENE_DESCRIPTIONS } from './payScene'
import { h5ReturnUrl, invokePayment, PAY_CANCELLED, withRedirectUrl } from './payInScene'
import { wechatAuthorizeHref } from '../wechat/api'
import type { Payment, PaymentScene } from './api'
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
import { documentNavigation } from '../../lib/documentNavigation'
import { withBasename } from '../../config/router'

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

/** Back from WeChat's authorization (a 409 WECHAT_NOT_BOUND sent the payer there): pay again at once. */
const RESUME_PARAM = 'resume'
/** The tab went to WeChat's authorization for this order's JSAPI pay already (once: never a loop). */
const authorizedForPay = (orderId: string) => tabFlag(`wechat-pay-authorized:${orderId}`)

/** Runs `run` once, when first rendered. */
function RunOnce({ run }: { run: () => void }) {
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    run()
  }, [run])
  return null
}

/** The provider's pay page as a place to go: a path on this site, an https page, or null (an app scheme). */
function pagePath(payUrl: string): string | null {
  try {
    const url = new URL(payUrl, window.location.href)
    if (url.origin === window.location.origin) return `${url.pathname}${url.search}`
    // http only on this machine (the WeChat Pay stand-in of the tests), as the server's settings allow.
    const loopback =
      url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')
    return url.protocol === 'https:' || loopback ? url.href : null
  } catch {
    return null
  }
}

/**
 * /pay: choose among the channels the mall takes (微信支付 / 支付宝 / 银行卡; the sandbox in demo mode). 微信支付
 * pays in the scene where the screen runs (payScene.ts): the company app, WeChat (JSAPI), a phone's browser (H5)
 * or a computer (the QR code).
 */
export default function PayPage() {
  const [params, setParams] = useSearchParams()
  const { pathname } = useLocation()
  const orderId = orderIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(orderId)
  useTrailScreen({ productId: order.data?.productId ?? null, title: '支付' })
  useEffect(() => trackFunnel('pay', order.data?.productId), [order.data?.productId])
  const offered = usePaymentChannels()
  const [chosen, setChosen] = useState<PayChannel>('wechat')
  const [paying, setPaying] = useState(false)
  // What went wrong with the last tap on 立即支付; the order stays on screen beside it.
  const [payError, setPayError] = useState<string | null>(() =>
    params.get('wechat') === 'failed' ? '微信授权未完成，请重新支付或选择其他支付方式' : null,
  )
  // The payer closed WeChat's or the app's cashier: said beside the order, which can still be paid.
  const [payNote, setPayNote] = useState<string | null>(null)
  const { isInApp, inWechat } = useSnapshot(nativeStore.state)
  const hydrating = useHydrating()
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
  const scenes = offered.data.scenes ?? ['native']
  /** The scene 立即支付 pays in: `forRender` as the server's render (and hydration) can know it. */
  const sceneHere = (forRender: boolean): PaymentScene =>
    choosePayScene({
      channel,
      scenes,
      appPays: isInApp && !(forRender && hydrating) && nativeBridge.offers('pay'),
      inWechat,
      onPhone: forRender ? phone : onPhone(),
    })
  const wechatDescription = SCENE_DESCRIPTIONS[sceneHere(true)]

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

  /** 微信支付 in WeChat or the app went through its cashier: ok is confirmed by the server on /pay/result. */
  async function invoke(payment: Payment) {
    const outcome = await invokePayment(payment)
    if (outcome.result === 'ok') navigate(payResultHref(current.id, payment.paymentId))
    else if (outcome.result === 'cancel') setPayNote(PAY_CANCELLED)
    else {
      setPayError(outcome.message)
      void order.mutate()
    }
  }

  /** On this phone: WeChat's H5 cashier, coming back to /pay/result (the sandbox's page is one of ours). */
  function openCashier(payment: Payment) {
    const page = pagePath(payment.payUrl)
    if (page?.startsWith('/')) navigate(page)
    else if (page)
      documentNavigation.assignSendingOrigin(
        withRedirectUrl(page, h5ReturnUrl(current.id, payment.paymentId, pathname)),
      )
    else navigate(payQrCodeHref(current.id, payment.paymentId))
  }

  /**
   * JSAPI needs the payer's WeChat account bound: once per order and tab, WeChat's silent authorization binds it
   * and comes back here to pay at once. Returns whether the page is leaving for it.
   */
  function authorizeForJsapi(error: unknown): boolean {
    if (apiErrorOf(error)?.code !== 'WECHAT_NOT_BOUND') return false
    const flag = authorizedForPay(current.id)
    if (flag.get() !== null) return false
    flag.set('sent')
    const back = withQuery(withBasename(pathname), { orderId: current.id, [RESUME_PARAM]: 'jsapi' })
    documentNavigation.assign(wechatAuthorizeHref('base', back))
    return true
  }

  /**
   * 立即支付 pays in the scene where the screen runs; 使用其他设备扫码支付 (`qr`) always shows the QR code. A phone
   * pays other channels in the provider's own page (H5), a computer by the QR code.
   */
  async function pay(by: 'here' | 'qr') {
    setPaying(true)
    setPayError(null)
    setPayNote(null)
    let leaving = false
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
      const scene = by === 'qr' ? 'native' : sceneHere(false)
      const payment = await startPayment(current.id, channel, { scene })
      if (scene === 'app' || scene === 'jsapi') return await invoke(payment)
      if (scene === 'h5') return openCashier(payment)
      const page = by === 'here' && onPhone() ? pagePath(payment.payUrl) : null
      if (page?.startsWith('/')) navigate(page)
      else if (page) documentNavigation.assign(page)
      else navigate(payQrCodeHref(current.id, payment.paymentId))
    } catch (error) {
      leaving = authorizeForJsapi(error)
      if (leaving) return
      // Said on the screen, not in a toast (whose code may not load offline); the order is asked again.
      setPayError(describeError(error))
      void order.mutate()
      void partnerOrder.mutate()
    } finally {
      // Leaving for WeChat's authorization: the buttons stay busy until the page goes.
      if (!leaving) setPaying(false)
    }
  }

  /** Back from the authorization: the tap that sent the payer there goes on (once; not if it failed). */
  const resume =
    params.get(RESUME_PARAM) === 'jsapi' && params.get('wechat') !== 'failed' ? (
      <RunOnce
        run={() => {
          setParams(
            (now) => {
              now.delete(RESUME_PARAM)
              return now
            },
            { replace: true },
          )
          void pay('here')
        }}
      />
    ) : null

  return (
    <div className="purchase-page">
      {resume}
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
      {payNote && (
        <div className="purchase-notice" role="status" data-testid="pay-cancelled">
          {payNote}
        </div>
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
              description={`${c.channel === 'wechat' ? wechatDescription : c.description}${sandbox ? '（沙箱）' : ''}`}
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
