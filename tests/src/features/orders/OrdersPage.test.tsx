import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import OrdersPage from '../../../../src/features/orders/OrdersPage'
import type { Order, OrderRefund } from '../../../../src/types/generated/api/order'
import { order, refund } from '../purchase/fixtures'
import { renderScreen, stubApi } from '../../harness'

const card = (id: string, status: Order['status'], productName: string, refunds: OrderRefund[] = []) =>
  order({ id, orderNo: `GO${id}`, status, productName, createdAt: '2026-11-22T12:00:00.000+08:00', refunds })

describe('/orders', () => {
  it('lists orders by status tab, asking the server for that tab’s statuses', async () => {
    const calls = stubApi({
      'GET /api/orders': (call) => ({
        items:
          call.query.get('status') === 'PENDING_PAYMENT,PAY_FAILED'
            ? [card('o2', 'PAY_FAILED', '待付产品')]
            : [card('o1', 'ISSUED', '已承保产品'), card('o2', 'PAY_FAILED', '待付产品')],
      }),
    })
    const router = renderScreen(OrdersPage, '/orders')
    expect(await screen.findByText('已承保产品')).toBeInTheDocument()
    expect(screen.getAllByTestId('order-card')).toHaveLength(2)

    await userEvent.click(screen.getByRole('tab', { name: '待支付' }))
    await waitFor(() => expect(screen.queryByText('已承保产品')).not.toBeInTheDocument())
    expect(screen.getByText('支付失败')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?tab=unpaid')
    expect(calls.requested).toContain('/api/orders?status=PENDING_PAYMENT%2CPAY_FAILED')

    await userEvent.click(screen.getByText('待付产品'))
    expect(router.state.location.pathname + router.state.location.search).toBe('/orders/orderDetail?id=o2')
  })

  it('a paid partner order being issued says 保单出具中, one the insurer could not issue 出单失败，已退款', async () => {
    stubApi({
      'GET /api/orders': {
        items: [
          order({
            ...card('o1', 'PAID', '华汀航空意外险'),
            partnerIssue: { status: 'ISSUING', busy: false },
          }),
          order({
            ...card('o2', 'CLOSED', '华汀安行综合意外险'),
            partnerIssue: { status: 'ISSUE_FAILED', busy: false },
          }),
        ],
      },
    })
    renderScreen(OrdersPage, '/orders')
    const [issuing, failed] = await screen.findAllByTestId('order-card')
    expect(issuing).toHaveTextContent('保单出具中')
    expect(issuing).not.toHaveTextContent('已支付')
    expect(failed).toHaveTextContent('出单失败，已退款')
  })

  it('says so when there are no orders, with the 去商城 it mentions', async () => {
    stubApi({ 'GET /api/orders': { items: [] } })
    const router = renderScreen(OrdersPage, '/orders?tab=closed')
    expect(await screen.findByText('暂无订单')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '去商城' }))
    expect(router.state.location.pathname).toBe('/shopping')
  })

  it('offers 去支付 with the time left on an unpaid order’s card', async () => {
    stubApi({
      'GET /api/orders': {
        items: [
          {
            ...card('o5', 'PENDING_PAYMENT', '待付产品'),
            expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
          },
        ],
      },
    })
    const router = renderScreen(OrdersPage, '/orders')
    expect(await screen.findByRole('timer')).toHaveTextContent(/剩余 (19|20):\d\d/)
    await userEvent.click(screen.getByRole('button', { name: '去支付' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o5')
  })

  it('marks an order with money on its way back, and with money returned', async () => {
    stubApi({
      'GET /api/orders': {
        items: [
          card('o3', 'CLOSED', '退款中产品', [refund({ status: 'PROCESSING', settledAt: null })]),
          card('o4', 'CLOSED', '已退款产品', [refund()]),
        ],
      },
    })
    renderScreen(OrdersPage, '/orders')
    expect(await screen.findByText('退款中 ¥136')).toBeInTheDocument()
    expect(screen.getByText('已退款 ¥136')).toBeInTheDocument()
  })
})
