import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PolicyDetailPage from '../../../../src/features/policies/PolicyDetailPage'
import OrderDetailPage from '../../../../src/features/orders/OrderDetailPage'
import { apiError, renderScreen, stubApi } from '../../harness'

// A missing policy or order names what is missing and leads back to the list it belongs to.
describe('the way back from something missing', () => {
  it('a missing policy leads back to 我的保单', async () => {
    stubApi({ 'GET /api/policies/nope': apiError(404, 'NOT_FOUND', '保单不存在') })
    const router = renderScreen(PolicyDetailPage, '/policy/policyDetail?id=nope')
    expect(await screen.findByText('保单不存在')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '返回我的保单' }))
    expect(router.state.location.pathname).toBe('/policy')
  })

  it('a missing order leads back to 我的订单', async () => {
    stubApi({ 'GET /api/orders/nope': apiError(404, 'NOT_FOUND', '订单不存在') })
    const router = renderScreen(OrderDetailPage, '/orders/orderDetail?id=nope')
    expect(await screen.findByText('订单不存在')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '返回我的订单' }))
    expect(router.state.location.pathname).toBe('/orders')
  })
})
