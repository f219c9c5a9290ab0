import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import CartPage from '../../../../src/features/cart/CartPage'
import { addGuestItem, clearGuestCart, guestCart } from '../../../../src/features/cart/guestCart'
import type { CartItem } from '../../../../src/types/generated/api/cart'
import { apiError, renderScreen, reply, stubApi, tappable } from '../../harness'
import { me } from '../member/fixtures'

// /shoppingCart against the API stub: the re-quoted prices with the change noted, select and total, remove
// with a confirmation, 去投保 into the purchase flow pre-filled; a guest's cart on the device, re-quoted too,
// and merged into the account's cart once logged in.

const item = (extra: Partial<CartItem> = {}): CartItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  productId: 'p-medical-million',
  productName: '百万医疗险',
  productImage: '/images/products/medical.svg',
  insurerName: '国恒人寿',
  planCode: 'standard',
  planName: '标准版',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  birthDate: '1990-03-07',
  gender: 'M',
  socialInsurance: 'Y',
  quotedPremiumFen: 29900,
  premiumFen: 29900,
  priceChanged: false,
  available: true,
  unavailableReason: null,
  addedAt: '2026-11-22T12:00:00.000+08:00',
  ...extra,
})

afterEach(() => clearGuestCart())

describe('/shoppingCart', () => {
  it('shows re-quoted prices, notes a change, totals the selected items and buys one into the purchase flow', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/cart': {
        maxItems: 20,
        items: [
          item({ quotedPremiumFen: 25900, premiumFen: 29900, priceChanged: true }),
          item({
            id: '00000000-0000-4000-8000-000000000002',
            productName: '少儿意外险',
            premiumFen: 10000,
            quotedPremiumFen: 10000,
          }),
          item({
            id: '00000000-0000-4000-8000-000000000003',
            productName: '已停售产品',
            premiumFen: null,
            available: false,
            unavailableReason: '该产品已下架',
          }),
        ],
      },
    })
    const router = renderScreen(CartPage, '/shoppingCart')
    const rows = await screen.findAllByTestId('cart-item')
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByTestId('cart-price-changed')).toHaveTextContent('价格有变动：加入时 ¥259')
    expect(within(rows[1]).queryByTestId('cart-price-changed')).toBeNull()
    expect(rows[2]).toHaveTextContent('暂不可投保：该产品已下架')
    expect(within(rows[2]).getByRole('button', { name: '去投保' })).toBeDisabled()
    expect(screen.getByTestId('cart-total')).toHaveTextContent('合计 ¥399（已选2项）')

    const user = userEvent.setup()
    await user.click(within(rows[1]).getByRole('checkbox'))
    expect(screen.getByTestId('cart-total')).toHaveTextContent('合计 ¥299（已选1项）')

    await user.click(within(rows[0]).getByRole('button', { name: '去投保' }))
    expect(router.state.location.pathname).toBe('/specialNotify')
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      productId: 'p-medical-million',
      plan: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      birthDate: '1990-03-07',
      gender: 'M',
      socialInsurance: 'Y',
    })
  })

  it('removes an item only after the confirmation', async () => {
    let items = [item()]
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/cart': () => ({ maxItems: 20, items }),
      'DELETE /api/cart/items/:id': () => {
        items = []
        return { ok: true as const }
      },
    })
    renderScreen(CartPage, '/shoppingCart')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '删除' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定从购物车删除《百万医疗险》标准版吗？')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '取消' })))
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    // The cancelled dialog is gone (its closing animation over) before the next one opens: one dialog to tap.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(within(screen.getByTestId('cart-item')).getByRole('button', { name: '删除' }))
    await user.click(
      await tappable(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' })),
    )
    expect(await screen.findByText('购物车是空的')).toBeInTheDocument()
    expect(api.callsTo('DELETE', '/api/cart/items/00000000-0000-4000-8000-000000000001')).toHaveLength(1)
  })

  it('shows the error with a retry', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/cart': apiError(500, 'INTERNAL', '服务繁忙，请稍后重试'),
    })
    renderScreen(CartPage, '/shoppingCart')
    expect(await screen.findByText('服务繁忙，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeEnabled()
  })

  it('keeps a guest cart on the device, re-quotes it, and offers login', async () => {
    addGuestItem({
      productId: 'p-medical-million',
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      birthDate: '1990-03-07',
      gender: 'M',
      socialInsurance: 'Y',
      productName: '百万医疗险',
      planName: '标准版',
      quotedPremiumFen: 25900,
      addedAt: '2026-11-22T04:00:00.000Z',
    })
    stubApi({
      'GET /api/me': reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }),
      'POST /api/quotes': {
        premiumFen: 29900,
        ageOnEffectiveDate: 36,
        effectiveDate: '2026-11-23',
        planCode: 'standard',
        coveragePeriod: '1y',
        paymentPeriod: 'single',
      },
    })
    const router = renderScreen(CartPage, '/shoppingCart')
    const [row] = await screen.findAllByTestId('cart-item')
    expect(await within(row).findByTestId('cart-price-changed')).toHaveTextContent('加入时 ¥259')
    expect(screen.getByTestId('cart-total')).toHaveTextContent('合计 ¥299（已选1项）')
    expect(screen.getByText('登录后购物车将保存到您的账户')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: '登录' }))
    expect(router.state.location.pathname).toBe('/Login')
  })

  it('merges the device cart into the account once logged in, and clears it here', async () => {
    addGuestItem({
      productId: 'p-medical-million',
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      birthDate: '1990-03-07',
      gender: 'F',
      socialInsurance: 'N',
      productName: '百万医疗险',
      planName: '标准版',
      quotedPremiumFen: 25900,
      addedAt: '2026-11-22T04:00:00.000Z',
    })
    let merged = false
    const api = stubApi({
      'GET /api/me': me(),
      'POST /api/cart/merge': () => {
        merged = true
        return { maxItems: 20, items: [item({ gender: 'F', socialInsurance: 'N' })] }
      },
      'GET /api/cart': () => ({
        maxItems: 20,
        items: merged ? [item({ gender: 'F', socialInsurance: 'N' })] : [],
      }),
    })
    renderScreen(CartPage, '/shoppingCart')
    const [row] = await screen.findAllByTestId('cart-item')
    expect(row).toHaveTextContent('女 · 无社保')
    expect(api.callsTo('POST', '/api/cart/merge')[0].body).toEqual({
      items: [
        {
          productId: 'p-medical-million',
          planCode: 'standard',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          birthDate: '1990-03-07',
          gender: 'F',
          socialInsurance: 'N',
        },
      ],
    })
    await waitFor(() => expect(guestCart.items).toEqual([]))
  })
})
