import { useState } from 'react'
import { Button, Tag } from 'antd-mobile'
import { Dialog } from '../../components/dialog'
import { useSearchParams } from 'react-router-dom'
import { cancelOrder, orderKey, useOrder } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { formatShanghaiDateTime } from '../../domain/dates'
import { isAwaitingIssue, isPayable, orderStatusText, PARTNER_BUSY_TEXT } from '../../domain/order'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders, orderDetailIdOf } from './paths'
import { OrderSummary } from '../../components/flow/OrderSummary'
import { formatCountdown, useCountdown } from '../../components/flow/useCountdown'
import '../../components/flow/flow.css'
import { LabeledRow } from '../../components/LabeledRow'
import { JourneyRows } from '../../components/JourneyRows'
import { OrderRefunds } from './OrderRefunds'
import { productHref } from '../catalog/paths'
import { policyDetailHref } from '../policies/paths'
import { payOrderHref } from '../purchase/paths'
import { serviceHref } from '../service/paths'
import { AppLink } from '../../components/navigation/AppLink'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ search }, load) => {
  const id = orderDetailIdOf(search)
  if (id) await load(orderKey(id))
}

/** /orders/orderDetail: one order with 去支付 / 取消 / 再次购买 (and 查看保单 once issued). */
export default function OrderDetailPage() {
  const [params] = useSearchParams()
  const id = orderDetailIdOf(params)
  const navigate = useAppNavigate()
  const order = useOrder(id)
  const left = useCountdown(order.data && isPayable(order.data.status) ? order.data.expiresAt : null)
  const [cancelling, setCancelling] = useState(false)

  if (!id) return <EmptyView title="缺少订单号" description="请从我的订单进入" />
  if (order.error)
    return <LoginAwareError back={backToOrders} error={order.error} onRetry={() => void order.mutate()} />
  if (!order.data) return <LoadingView lines={6} />
  const current = order.data
  const payable = isPayable(current.status) && left !== 0
  const awaitingIssue = isAwaitingIssue(current)

  async function cancel() {
    const ok = await Dialog.confirm({
      content: '确定取消该订单吗？取消后需重新投保。',
      confirmText: '取消订单',
      cancelText: '再想想',
    })
    if (!ok) return
    setCancelling(true)
    try {
      await order.mutate(await cancelOrder(current.id), { revalidate: false })
      toast('success', '订单已取消')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setCancelling(false)
    }
  }

  return (
    <div className="purchase-page">
      <div className="labeled-row" style={{ padding: '4px 2px 10px' }}>
        <span>订单状态</span>
        <Tag color={payable ? 'warning' : 'default'} data-testid="order-status">
          {left === 0 && isPayable(current.status) ? '已关闭' : orderStatusText(current)}
        </Tag>
      </div>
      {payable && left !== null && (
        <div className="purchase-notice">请在 {formatCountdown(left)} 内完成支付，超时订单将自动关闭。</div>
      )}
      {awaitingIssue && (
        <div className="purchase-notice" data-testid="order-issuing">
          {current.partnerIssue?.busy
            ? PARTNER_BUSY_TEXT
            : '已支付成功，保险公司正在出具保单，出单后将以消息通知您。'}
        </div>
      )}
      <OrderSummary order={current} />
      <OrderRefunds refunds={current.refunds} />
      <section className="purchase-card">
        <h2>投保信息</h2>
        <JourneyRows flight={current.flight} trip={current.trip} />
        <LabeledRow label="投保人">{current.holder.name}</LabeledRow>
        <LabeledRow label="被保险人">
          {current.insured.name}（{relationName(current.insured.relationType ?? '')}）
        </LabeledRow>
        <LabeledRow label="下单时间">{formatShanghaiDateTime(current.createdAt)}</LabeledRow>
        {current.paidAt && <LabeledRow label="支付时间">{formatShanghaiDateTime(current.paidAt)}</LabeledRow>}
        {current.address && (
          <LabeledRow label="收件地址">{`${current.address.recipient} ${current.address.region}${current.address.detail}`}</LabeledRow>
        )}
      </section>
      <section className="purchase-card">
        <h2>已阅读并确认的文件</h2>
        {current.consents.map((c) => (
          <LabeledRow key={c.document} label={`《${c.title}》`}>
            {formatShanghaiDateTime(c.confirmedAt)}
          </LabeledRow>
        ))}
      </section>
      <p className="purchase-muted" style={{ textAlign: 'center', margin: '12px 0' }}>
        对订单有疑问？<AppLink to={serviceHref({ orderId: current.id })}>在线客服</AppLink>
      </p>
      {/* Paid and being issued: nothing to do yet (a message tells the outcome), so no empty bar. */}
      {!awaitingIssue && (
        <BottomBar>
          {payable && (
            <Button disabled={cancelling} loading={cancelling} onClick={() => void cancel()}>
              取消
            </Button>
          )}
          {payable && (
            <Button color="primary" onClick={() => navigate(payOrderHref(current))}>
              去支付
            </Button>
          )}
          {current.policyId && (
            <Button
              color="primary"
              fill="outline"
              onClick={() => navigate(policyDetailHref(current.policyId!))}
            >
              查看保单
            </Button>
          )}
          {!payable && <Button onClick={() => navigate(productHref(current.productId))}>再次购买</Button>}
        </BottomBar>
      )}
    </div>
  )
}
