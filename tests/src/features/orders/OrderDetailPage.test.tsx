import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import OrderDetailPage from '../../../../src/features/orders/OrderDetailPage'
import { order, refund } from '../purchase/fixtures'
import { renderScreen, stubApi, reply, tappable } from '../../harness'

describe('/orders/orderDetail', () => {
  it('offers 去支付 / 取消 (not 再次购买) for an unpaid order, with the time left and cooling-off period', async () => {
    stubApi({ 'GET /api/orders/o1': order() })
    const router = renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('待支付')
    expect(screen.getByText(/内完成支付，超时订单将自动关闭/)).toBeInTheDocument()
    expect(screen.getByText('生效后15天内可全额退保')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '取消' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: '再次购买' })).toBeNull()
    expect(screen.getByRole('link', { name: '在线客服' })).toHaveAttribute('href', '/service?orderId=o1')
    await userEvent.click(screen.getByRole('button', { name: '去支付' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o1')
  })

  it('cancels after confirmation and then only offers 再次购买', async () => {
    const user = userEvent.setup()
    const calls = stubApi({
      'GET /api/orders/o1': order(),
      'POST /api/orders/o1/cancel': order({ status: 'CLOSED' }),
    })
    renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    await user.click(await screen.findByRole('button', { name: '取消' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '取消订单' })))
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('已关闭'))
    expect(calls.requested).toContain('/api/orders/o1/cancel')
    expect(screen.queryByRole('button', { name: '去支付' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '再次购买' })).toBeInTheDocument()
  })

  it('links an issued order to its policy', async () => {
    stubApi({
      'GET /api/orders/o1': order({ status: 'ISSUED', policyId: 'pol-1', paidAt: new Date().toISOString() }),
    })
    const router = renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    await userEvent.click(await screen.findByRole('button', { name: '查看保单' }))
    expect(router.state.location.search).toBe('?id=pol-1')
    expect(router.state.location.pathname).toBe('/policy/policyDetail')
  })

  it('a paid partner order being issued says 保单出具中 (and why it waits), never 已支付 with 再次购买', async () => {
    stubApi({
      'GET /api/orders/o1': order({
        status: 'PAID',
        paidAt: new Date().toISOString(),
        source: 'partner:huating',
        partnerIssue: { status: 'ISSUING', busy: true },
      }),
    })
    renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('保单出具中')
    expect(screen.getByTestId('order-issuing')).toHaveTextContent(
      '保险公司系统繁忙，保单将在其恢复后自动出具，结果会以消息通知您',
    )
    expect(screen.queryByText('已支付')).toBeNull()
    expect(screen.queryByRole('button', { name: '再次购买' })).toBeNull()
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull()
  })

  it('a partner order the insurer could not issue says 出单失败，已退款', async () => {
    stubApi({
      'GET /api/orders/o1': order({
        status: 'CLOSED',
        paidAt: new Date().toISOString(),
        source: 'partner:huating',
        partnerIssue: { status: 'ISSUE_FAILED', busy: false },
        refunds: [refund({ reason: 'ISSUE_FAILED' })],
      }),
    })
    renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('出单失败，已退款')
    expect(screen.getByText('保险公司未能出单，保费全额退回')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '再次购买' })).toBeInTheDocument()
  })

  it('asks an anonymous visitor to log in and come back', async () => {
    stubApi({
      'GET /api/orders/o1': () => reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }),
    })
    const router = renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    await userEvent.click(await screen.findByRole('button', { name: '去登录' }))
    expect(router.state.location.pathname).toBe('/Login')
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/orders/orderDetail?id=o1')}`)
  })

  it('shows the documents confirmed by name, and the refund of a payment the closed order could not keep', async () => {
    stubApi({
      'GET /api/orders/o1': order({
        status: 'CLOSED',
        refunds: [refund()],
      }),
    })
    renderScreen(OrderDetailPage, '/orders/orderDetail?id=o1')
    const refunds = await screen.findByTestId('order-refunds')
    expect(within(refunds).getByText('已退款')).toBeInTheDocument()
    expect(within(refunds).getByText('¥136')).toBeInTheDocument()
    expect(within(refunds).getByText('订单已关闭，支付款原路退回')).toBeInTheDocument()
    expect(within(refunds).getByText('退回时间')).toBeInTheDocument()
    expect(screen.getByText('《投保须知》')).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/\{c\.title\}/)
  })
})
