import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PayQrCodePage from '../../../../src/pages/purchase/PayQrCodePage'
import type { Payment } from '../../../../src/types/generated/api/payment'
import { renderScreen, stubApi } from '../renderScreen'

function payment(id: string, status: Payment['status'], expiresInMs: number): Payment {
  return {
    paymentId: id,
    orderId: 'o1',
    channel: 'wechat',
    amountFen: 13600,
    status,
    qrContent: `http://localhost/pay/sandbox?paymentId=${id}`,
    payUrl: `http://localhost/pay/sandbox?paymentId=${id}`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    createdAt: new Date().toISOString(),
  }
}

const order = { id: 'o1', status: 'PENDING_PAYMENT', policyId: null }

describe('/payqrcode', () => {
  it('shows the QR code with its countdown', async () => {
    stubApi({ '/api/orders/o1': order, '/api/payments/pay_a': payment('pay_a', 'PENDING', 299_000) })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    const img = await screen.findByRole('img', { name: '支付二维码' })
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(img).toHaveAttribute('data-qr-content', 'http://localhost/pay/sandbox?paymentId=pay_a')
    expect(screen.getByRole('timer')).toHaveTextContent(/04:5\d|05:00/)
  })

  it('fetches a new code when the shown one has expired', async () => {
    const calls = stubApi({
      '/api/orders/o1': order,
      '/api/payments/pay_old': payment('pay_old', 'EXPIRED', -1000),
      '/api/orders/o1/pay': payment('pay_new', 'PENDING', 300_000),
      '/api/payments/pay_new': payment('pay_new', 'PENDING', 300_000),
    })
    const router = renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_old')
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=o1&paymentId=pay_new'))
    expect(calls).toContain('/api/orders/o1/pay')
    expect(await screen.findByRole('img', { name: '支付二维码' })).toHaveAttribute(
      'data-qr-content',
      'http://localhost/pay/sandbox?paymentId=pay_new',
    )
  })

  it('reports a successful payment and links to the policy', async () => {
    stubApi({
      '/api/orders/o1': { ...order, status: 'ISSUED', policyId: 'pol-1' },
      '/api/payments/pay_a': payment('pay_a', 'SUCCEEDED', 100_000),
    })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    expect(await screen.findByText('支付成功')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: '查看保单' })).toBeInTheDocument()
  })
})
