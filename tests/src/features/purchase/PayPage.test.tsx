import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PayPage from '../../../../src/features/purchase/PayPage'
import { renderScreen, stubApi } from '../../harness'
import { order as orderOf } from './fixtures'

const channels = {
  sandbox: true,
  channels: ['wechat' as const, 'bankcard' as const],
  scenes: ['native' as const, 'h5' as const],
}
const offline = () => {
  throw new TypeError('Failed to fetch')
}

describe('/pay', () => {
  it('keeps the order and its price on screen when paying fails offline, and 重试 asks again', async () => {
    let online = false
    const calls = stubApi({
      'GET /api/orders/o1': () => (online ? orderOf() : offline()),
      'GET /api/payments/channels': channels,
      'POST /api/orders/o1/pay': offline,
    })
    online = true
    renderScreen(PayPage, '/pay?orderId=o1')
    const pay = await screen.findByRole('button', { name: '立即支付' })
    online = false
    await userEvent.click(pay)

    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，请检查网络后重试')
    expect(screen.getByText('应付保费').parentElement).toHaveTextContent('¥136')
    expect(screen.getByRole('button', { name: '立即支付' })).toBeEnabled()

    online = true
    const before = calls.callsTo('GET', '/api/orders/o1').length
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(calls.callsTo('GET', '/api/orders/o1').length).toBeGreaterThan(before)
  })

  it('asks for the order first when the device is back online, and shows a payment made meanwhile as paid', async () => {
    let paid = false
    stubApi({
      'GET /api/orders/o1': () => orderOf(paid ? { status: 'PAID', paidAt: new Date().toISOString() } : {}),
      'GET /api/payments/channels': channels,
    })
    renderScreen(PayPage, '/pay?orderId=o1')
    await screen.findByRole('button', { name: '立即支付' })
    paid = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('订单已支付')).toBeInTheDocument()
    expect(screen.getByText(/无需重复支付/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull()
  })
})
