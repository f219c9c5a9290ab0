import { Button, Tag } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { ordersListKey, useOrders, type Order } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { isAwaitingIssue, isPayable, orderStatusText, ORDER_TABS } from '../../domain/order'
import { formatCountdown, useCountdown } from '../../components/flow/useCountdown'
import { formatShanghaiDateTime } from '../../domain/dates'
import { refundBadge } from '../../domain/refund'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import '../../components/flow/flow.css'
import { LabeledRow } from '../../components/LabeledRow'
import { GoButton } from '../../components/navigation/GoButton'
import { shoppingHref } from '../catalog/paths'
import { payOrderHref } from '../purchase/paths'
import { backToOrders, orderDetailHref } from './paths'
import type { ScreenLoader } from '../../types/route'

/** The status tab a 我的订单 URL names (?tab=), else 全部. */
const orderTabOf = (search: URLSearchParams) =>
  ORDER_TABS.find((t) => t.key === search.get('tab')) ?? ORDER_TABS[0]

export const loader: ScreenLoader = async ({ search }, load) =>
  load(ordersListKey(orderTabOf(search).statuses))

const STATUS_COLOR: Record<Order['status'], string> = {
  PENDING_PAYMENT: 'warning',
  PAY_FAILED: 'danger',
  PAID: 'primary',
  ISSUED: 'success',
  CLOSED: 'default',
  SURRENDERED: 'default',
}

/** An unpaid order's card: the time left and 去支付, straight from the list. */
function PayNow({ order }: { order: Order }) {
  const navigate = useAppNavigate()
  const left = useCountdown(order.expiresAt)
  if (left === 0) return <p className="purchase-muted">已超过支付时间，订单即将关闭</p>
  return (
    <div className="labeled-row order-pay-now">
      <span className="purchase-muted" role="timer">
        {left === null ? '' : `剩余 ${formatCountdown(left)}`}
      </span>
      <Button
        size="small"
        color="primary"
        onClick={(event) => {
          event.stopPropagation()
          navigate(payOrderHref(order))
        }}
      >
        去支付
      </Button>
    </div>
  )
}

function OrderList({ statuses }: { statuses: readonly string[] }) {
  const navigate = useAppNavigate()
  const orders = useOrders(statuses)
  if (orders.error)
    return <LoginAwareError back={backToOrders} error={orders.error} onRetry={() => void orders.mutate()} />
  if (!orders.data) return <LoadingView />
  if (orders.data.items.length === 0)
    return (
      <EmptyView title="暂无订单" description="去商城挑选适合您的保障吧">
        <GoButton to={shoppingHref()}>去商城</GoButton>
      </EmptyView>
    )
  return (
    <div className="purchase-page" style={{ paddingBottom: 12 }}>
      {orders.data.items.map((order) => (
        <article
          key={order.id}
          className="purchase-card"
          data-testid="order-card"
          onClick={() => navigate(orderDetailHref(order.id))}
        >
          <div className="labeled-row">
            <strong>{order.productName}</strong>
            <span>
              {refundBadge(order.refunds) && (
                <Tag color="warning" fill="outline" style={{ marginRight: 6 }}>
                  {refundBadge(order.refunds)}
                </Tag>
              )}
              <Tag color={isAwaitingIssue(order) ? 'warning' : STATUS_COLOR[order.status]}>
                {orderStatusText(order)}
              </Tag>
            </span>
          </div>
          <LabeledRow label="被保险人">{order.insured.name}</LabeledRow>
          <LabeledRow label="下单时间">{formatShanghaiDateTime(order.createdAt)}</LabeledRow>
          <div className="labeled-row">
            <span>保费</span>
            <span className="purchase-price">¥{formatFen(order.premiumFen)}</span>
          </div>
          {isPayable(order.status) && <PayNow order={order} />}
        </article>
      ))}
    </div>
  )
}

/** /orders: my orders by status tab (the tab is in the query string, so back returns to it). */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams()
  const tab = orderTabOf(params)
  const active = tab.key
  return (
    <>
      <Tabs activeKey={active} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {ORDER_TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <OrderList statuses={tab.statuses} />
    </>
  )
}
