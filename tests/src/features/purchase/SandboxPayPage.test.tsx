import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import SandboxPayPage from '../../../../src/features/purchase/SandboxPayPage'
import type { Payment } from '../../../../src/types/generated/api/payment'
import { renderScreen, stubApi } from '../../harness'

function payment(status: Payment['status']): Payment {
  return {
    paymentId: 'pay_a',
    orderId: 'o1',
    channel: 'bankcard',
    scene: 'native',
    amountFen: 13600,
    status,
    qrContent: 'http://localhost/pay/sandbox?paymentId=pay_a',
    payUrl: 'http://localhost/pay/sandbox?paymentId=pay_a',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    createdAt: new Date().toISOString(),
    invoke: null,
  }
}

const offline = () => {
  throw new TypeError('Failed to fetch')
}

describe('/pay/sandbox', () => {
  it('keeps the payment and its amount on screen when 模拟支付成功 fails offline; online again it pays', async () => {
    let online = true
    stubApi({
      'GET /api/sandbox/payments/pay_a': () => (online ? payment('PENDING') : offline()),
      'POST /api/sandbox/payments/pay_a/simulate': () => (online ? payment('SUCCEEDED') : offline()),
      'GET /api/orders/o1': offline,
    })
    renderScreen(SandboxPayPage, '/pay/sandbox?paymentId=pay_a')
    const pay = await screen.findByRole('button', { name: '模拟支付成功' })
    online = false
    await userEvent.click(pay)

    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，请检查网络后重试')
    expect(screen.getByText('¥136')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: '模拟支付成功' })).toBeEnabled())

    online = true
    await userEvent.click(screen.getByRole('button', { name: '模拟支付成功' }))
    expect(await screen.findByRole('button', { name: '返回商城' })).toBeInTheDocument()
  })

  it('asks for the payment again when back online: one that went through shows as paid', async () => {
    let paid = false
    stubApi({ 'GET /api/sandbox/payments/pay_a': () => payment(paid ? 'SUCCEEDED' : 'PENDING') })
    renderScreen(SandboxPayPage, '/pay/sandbox?paymentId=pay_a')
    await screen.findByRole('button', { name: '模拟支付成功' })
    paid = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByRole('button', { name: '返回商城' })).toBeInTheDocument()
  })
})
