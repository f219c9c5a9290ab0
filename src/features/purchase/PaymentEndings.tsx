import { Button } from 'antd-mobile'
import { useEffect, useRef } from 'react'
import type { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { REFUND_REASON_TEXT } from '../../domain/refund'
import type { Order } from '../orders/api'
import { orderDetailHref } from '../orders/paths'
import type { Payment } from './api'
import { leaveFlowTo } from './leaveFlow'
import { Outcome } from './Outcome'
import { payHref, paySuccessHref } from './paths'

// How a payment a screen waits for ends, shared by the QR code screen and the H5 return screen.

type Navigate = ReturnType<typeof useAppNavigate>

/** Paid (here or from another device): every payment path ends on the same 投保成功 page; refunded: the order anew. */
export function useLeaveWhenPaid(
  status: Payment['status'] | undefined,
  orderId: string | null,
  refreshOrder: () => unknown,
  navigate: Navigate,
): void {
  const leaving = useRef(false)
  useEffect(() => {
    if (status === 'REFUNDED' && orderId) void refreshOrder()
    if (status === 'SUCCEEDED' && orderId && !leaving.current) {
      leaving.current = true
      leaveFlowTo(navigate, paySuccessHref(orderId))
    }
  }, [status, orderId, refreshOrder, navigate])
}

/** Paid after the order closed, or a second payment of a paid order: the money goes back. */
export function RefundedPayment({
  order,
  payment,
  navigate,
}: {
  order: Order
  payment: Payment
  navigate: Navigate
}) {
  const refund = order.refunds.find((r) => r.amountFen === payment.amountFen)
  return (
    <Outcome
      status="warning"
      title={refund?.status === 'SUCCEEDED' ? '本次支付已退回' : '本次支付将原路退回'}
      description={`${refund ? REFUND_REASON_TEXT[refund.reason] : '该订单无法再收取本次支付'}，¥${formatFen(payment.amountFen)} 将退回您的支付账户。`}
    >
      <Button block color="primary" onClick={() => navigate(orderDetailHref(order.id), { replace: true })}>
        查看订单
      </Button>
    </Outcome>
  )
}

/** The payment did not go through: the order can be paid again. */
export function FailedPayment({ orderId, navigate }: { orderId: string; navigate: Navigate }) {
  return (
    <Outcome status="error" title="支付失败" description="本次支付未成功，您可以重新支付">
      <Button block color="primary" onClick={() => navigate(payHref(orderId), { replace: true })}>
        重新支付
      </Button>
    </Outcome>
  )
}
