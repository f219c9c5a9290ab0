import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearGuestCart, guestCart } from '../../../../../src/features/cart/guestCart'
import ProductPage from '../../../../../src/features/catalog/product/ProductPage'
import { me } from '../../member/fixtures'
import { detail } from '../shopping/fixtures'
import { renderScreen, reply, stubApi } from '../../../harness'

// 加入购物车 on the product page: the trial's plan and insured go to the server's cart when logged in, to this
// device's cart for a guest.
const quoted = {
  premiumFen: 280_000,
  ageOnEffectiveDate: 30,
  effectiveDate: '2026-11-23',
  planCode: 'standard',
  coveragePeriod: 'to70',
  paymentPeriod: '10',
}

afterEach(() => {
  clearGuestCart()
  vi.unstubAllGlobals()
})

describe('/product 加入购物车', () => {
  it('keeps a guest plan on the device with the price shown', async () => {
    stubApi({
      'GET /api/products/p-ci': detail('p-ci'),
      'POST /api/quotes': quoted,
      'GET /api/me': reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(screen.getByRole('button', { name: '加入购物车' })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: '加入购物车' }))
    await waitFor(() => expect(guestCart.items).toHaveLength(1))
    expect(guestCart.items[0]).toMatchObject({
      productId: 'p-ci',
      planCode: 'standard',
      coveragePeriod: 'to70',
      paymentPeriod: '10',
      gender: 'M',
      socialInsurance: 'Y',
      quotedPremiumFen: 280_000,
    })
  })

  it('sends a logged-in user’s plan to the server, which prices it', async () => {
    const api = stubApi({
      'GET /api/products/p-ci': detail('p-ci'),
      'POST /api/quotes': quoted,
      'GET /api/me': me(),
      'POST /api/cart/items': reply(422, {
        error: { code: 'NOT_INSURABLE', message: '被保险人年龄不足，本产品承保出生满28天至55周岁' },
      }),
    })
    renderScreen(ProductPage, '/product?id=p-ci')
    await waitFor(() => expect(screen.getByRole('button', { name: '加入购物车' })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: '加入购物车' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/cart/items')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/cart/items')[0].body).toMatchObject({
      productId: 'p-ci',
      planCode: 'standard',
    })
    expect(guestCart.items).toEqual([])
  })
})
