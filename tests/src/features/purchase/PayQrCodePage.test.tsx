import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PayQrCodePage from '../../../../src/features/purchase/PayQrCodePage'
import type { Payment } from '../../../../src/types/generated/api/payment'
import { renderScreen, stubApi } from '../../harness'
import { order as orderOf, refund } from './fixtures'

function payment(id: string, status: Payment['status'], expiresInMs: number): Payment {
  return {
    paymentId: id,
    orderId: 'o1',
    channel: 'wechat',
    scene: 'native',
    amountFen: 13600,
    status,
    qrContent: `http://localhost/pay/sandbox?paymentId=${id}`,
    payUrl: `http://localhost/pay/sandbox?paymentId=${id}`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    createdAt: new Date().toISOString(),
    invoke: null,
  }
}

const order = orderOf({ id: 'o1' })

describe('/payqrcode', () => {
  it('shows the QR code with its countdown', async () => {
    stubApi({ 'GET /api/orders/o1': order, 'GET /api/payments/pay_a': payment('pay_a', 'PENDING', 299_000) })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    // Price first, while the encoder loads: a code being made, not one that expired.
    expect(await screen.findByText('¥136')).toBeInTheDocument()
    expect(screen.queryByText(/二维码已过期/)).toBeNull()
    const img = await screen.findByRole('img', { name: '支付二维码' })
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(img).toHaveAttribute('data-qr-content', 'http://localhost/pay/sandbox?paymentId=pay_a')
    expect(screen.getByRole('timer')).toHaveTextContent(/04:5\d|05:00/)
  })

  it('fetches a new code when the shown one has expired', async () => {
    const calls = stubApi({
      'GET /api/orders/o1': order,
      'GET /api/payments/pay_old': payment('pay_old', 'EXPIRED', -1000),
      'POST /api/orders/o1/pay': payment('pay_new', 'PENDING', 300_000),
      'GET /api/payments/pay_new': payment('pay_new', 'PENDING', 300_000),
    })
    const router = renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_old')
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=o1&paymentId=pay_new'))
    expect(calls.requested).toContain('/api/orders/o1/pay')
    expect(await screen.findByRole('img', { name: '支付二维码' })).toHaveAttribute(
      'data-qr-content',
      'http://localhost/pay/sandbox?paymentId=pay_new',
    )
  })

  it('goes to the one 投保成功 page once paid (here or from another device)', async () => {
    stubApi({
      'GET /api/orders/o1': { ...order, status: 'ISSUED', policyId: 'pol-1' },
      'GET /api/payments/pay_a': payment('pay_a', 'SUCCEEDED', 100_000),
    })
    const router = renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/paySuccess?orderId=o1'),
    )
  })

  it('offers the sandbox pay page only when the mall runs the sandbox', async () => {
    stubApi({
      'GET /api/orders/o1': order,
      'GET /api/payments/pay_a': payment('pay_a', 'PENDING', 299_000),
      'GET /api/payments/channels': { sandbox: false, channels: ['wechat'], scenes: ['native'] },
    })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    expect(await screen.findByText('请使用微信支付扫一扫完成支付')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '在本机打开沙箱支付页' })).toBeNull()
  })

  it('asks for the new code with a key named after the expired one, so two tabs get the same new code', async () => {
    const api = stubApi({
      'GET /api/orders/o1': order,
      'GET /api/payments/pay_old': payment('pay_old', 'EXPIRED', -1000),
      'POST /api/orders/o1/pay': payment('pay_new', 'PENDING', 300_000),
      'GET /api/payments/pay_new': payment('pay_new', 'PENDING', 300_000),
    })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_old')
    const keys = () => api.callsTo('POST', '/api/orders/o1/pay').map((c) => c.headers.get('Idempotency-Key'))
    await waitFor(() => expect(keys()).toEqual(['refresh-pay_old']))
  })

  it('tells the payer a payment the order could not keep goes back, with the amount', async () => {
    stubApi({
      'GET /api/orders/o1': {
        ...order,
        status: 'CLOSED',
        refunds: [refund()],
      },
      'GET /api/payments/pay_a': payment('pay_a', 'REFUNDED', 100_000),
    })
    renderScreen(PayQrCodePage, '/payqrcode?orderId=o1&paymentId=pay_a')
    expect(await screen.findByText('本次支付已退回')).toBeInTheDocument()
    expect(screen.getByText(/订单已关闭，支付款原路退回，¥136 将退回您的支付账户/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '查看订单' })).toBeInTheDocument()
  })
})
