import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PayResultPage from '../../../../src/features/purchase/PayResultPage'
import { renderScreen, stubApi } from '../../harness'
import { order, payment, refund } from './fixtures'

// Back from WeChat's H5 cashier: the page asks the server for the payment every 2 s (支付结果确认中) until it is
// paid, failed or refunded; 已完成支付 asks at once, 重新支付 goes back to the pay screen.

const URL = '/pay/result?orderId=o1&paymentId=pay_h5'

describe('/pay/result', () => {
  it('says the result is being confirmed, polls, and goes to 投保成功 once the server has the payment', async () => {
    let status: 'PENDING' | 'SUCCEEDED' = 'PENDING'
    const api = stubApi({
      'GET /api/orders/o1': () => order(status === 'SUCCEEDED' ? { status: 'PAID' } : {}),
      'GET /api/payments/pay_h5': () => payment({ paymentId: 'pay_h5', scene: 'h5', status }),
    })
    const router = renderScreen(PayResultPage, URL)
    const screenShown = await screen.findByTestId('pay-result')
    expect(screenShown).toHaveTextContent('支付结果确认中')
    expect(screenShown).toHaveTextContent('¥136')
    expect(screen.getByRole('button', { name: '已完成支付' })).toBeEnabled()
    expect(screen.getByRole('button', { name: '重新支付' })).toBeEnabled()
    const asked = api.callsTo('GET', '/api/payments/pay_h5').length
    status = 'SUCCEEDED'
    await waitFor(() => expect(router.state.location.pathname).toBe('/paySuccess'), { timeout: 6000 })
    expect(router.state.location.search).toBe('?orderId=o1')
    expect(api.callsTo('GET', '/api/payments/pay_h5').length).toBeGreaterThan(asked)
  })

  it('已完成支付 asks at once and says when nothing has arrived yet; 重新支付 goes back to the pay screen', async () => {
    const api = stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/pay_h5': payment({ paymentId: 'pay_h5', scene: 'h5' }),
    })
    const router = renderScreen(PayResultPage, URL)
    const done = await screen.findByRole('button', { name: '已完成支付' })
    const before = api.callsTo('GET', '/api/payments/pay_h5').length
    await userEvent.click(done)
    expect(await screen.findByTestId('pay-result-pending')).toHaveTextContent('暂未查询到支付结果')
    expect(api.callsTo('GET', '/api/payments/pay_h5').length).toBeGreaterThan(before)
    await userEvent.click(screen.getByRole('button', { name: '重新支付' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/pay?orderId=o1'),
    )
  })

  it('says a failed payment, and a refunded one, as the QR code screen does', async () => {
    stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/pay_h5': payment({ paymentId: 'pay_h5', scene: 'h5', status: 'FAILED' }),
    })
    renderScreen(PayResultPage, URL)
    expect(await screen.findByText('支付失败')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重新支付' })).toBeEnabled()
    cleanup()
    stubApi({
      'GET /api/orders/o1': order({ status: 'CLOSED', refunds: [refund({ status: 'PENDING' })] }),
      'GET /api/payments/pay_h5': payment({ paymentId: 'pay_h5', scene: 'h5', status: 'REFUNDED' }),
    })
    renderScreen(PayResultPage, URL)
    expect(await screen.findByText('本次支付将原路退回')).toBeInTheDocument()
  })

  it('offers to pay again once the payment expired unpaid', async () => {
    stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/pay_h5': payment({ paymentId: 'pay_h5', scene: 'h5', status: 'EXPIRED' }),
    })
    renderScreen(PayResultPage, URL)
    expect(await screen.findByText('本次支付已超时')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '已完成支付' })).toBeNull()
    expect(screen.getByRole('button', { name: '重新支付' })).toBeEnabled()
  })
})
