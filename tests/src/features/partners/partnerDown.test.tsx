import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import ProductDetailsPage from '../../../../src/features/partners/ProductDetailsPage'
import { flowBindings } from '../../../../src/features/partners/flowState'
import { renderScreen, stubApi } from '../../harness'
import { accident } from './fixtures'

// The insurer's system is down (its circuit breaker open: the product says available: false): the page says so
// before anything is filled in.

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
})

describe('a partner product while the insurer is down', () => {
  it('shows 系统繁忙 on the product page', async () => {
    stubApi({ 'GET /api/partner/products/ht-accident': { ...accident, available: false } })
    renderScreen(ProductDetailsPage, '/huaTaiApi/productDetails?productId=ht-accident')
    expect(await screen.findByTestId('partner-down')).toHaveTextContent(
      `${accident.insurerName}系统繁忙，暂时无法报价和投保，请稍后再试`,
    )
  })

  it('shows nothing of the kind while it is up', async () => {
    stubApi({ 'GET /api/partner/products/ht-accident': { ...accident, available: true } })
    renderScreen(ProductDetailsPage, '/huaTaiApi/productDetails?productId=ht-accident')
    expect(await screen.findByRole('heading', { name: accident.name })).toBeInTheDocument()
    expect(screen.queryByTestId('partner-down')).not.toBeInTheDocument()
  })
})
