import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import HomePage from '../../../../src/features/home/HomePage'
import { renderScreen, stubApi, reply } from '../../harness'

const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})

const product = (id: string, name: string) => ({
  id,
  name,
  tagline: '保障全面',
  image: '/images/products/x.svg',
  categoryCode: 'accident',
  insurerCode: 'HA',
  insurerName: '恒安云保险（虚构）',
  tags: ['热销'],
  minPremiumFen: 2990,
  salesCount: 100,
  rating: 4.8,
})

describe('home', () => {
  it('keeps a card’s room for each product a section asks for while they load', async () => {
    stubApi({
      'GET /api/categories': { items: [] },
      // Never answers: the sections stay loading.
      'GET /api/products': () => new Promise(() => {}),
    })
    renderScreen(HomePage, '/')
    const hot = await screen.findByRole('region', { name: '热销推荐' })
    const rated = screen.getByRole('region', { name: '口碑好评' })
    expect(hot.querySelectorAll('.product-card-placeholder')).toHaveLength(6)
    expect(rated.querySelectorAll('.product-card-placeholder')).toHaveLength(4)
    expect(screen.getAllByRole('status', { name: '加载中' }).length).toBeGreaterThanOrEqual(2)
  })

  it('shows the banner, the category grid and product sections from the API', async () => {
    stubApi({
      'GET /api/categories': { items: [{ code: 'accident', name: '意外', icon: '/i.svg', productCount: 3 }] },
      'GET /api/products': { items: [product('p-1', '安心意外险')], nextCursor: null },
    })
    const router = renderScreen(HomePage, '/')
    expect(screen.getAllByRole('img', { name: /新人专享/ }).length).toBeGreaterThan(0)
    expect(await screen.findByText('意外')).toBeInTheDocument()
    expect((await screen.findAllByText('安心意外险')).length).toBeGreaterThan(0)
    expect(screen.getAllByTestId('product-card')[0]).toHaveTextContent('¥29.9')
    await userEvent.click(screen.getByText('意外'))
    expect(router.state.location.pathname + router.state.location.search).toBe('/products?category=accident')
  })

  it('leads to the search screen from the search box, a link that works before the script has run', async () => {
    stubApi({ 'GET /api/categories': { items: [] }, 'GET /api/products': { items: [], nextCursor: null } })
    const router = renderScreen(HomePage, '/')
    const search = screen.getByRole('link', { name: /^搜索保险产品/ })
    expect(search).toHaveAttribute('href', '/productsSearch')
    expect(search).toHaveTextContent('搜索保险产品，如：意外险、百万医疗')
    await userEvent.click(search)
    expect(router.state.location.pathname).toBe('/productsSearch')
  })

  it('offers every banner, category tile and product card as a link a screen reader and keyboard reach', async () => {
    stubApi({
      'GET /api/categories': { items: [{ code: 'accident', name: '意外', icon: '/i.svg', productCount: 3 }] },
      'GET /api/products': { items: [product('p-1', '安心意外险')], nextCursor: null },
    })
    const router = renderScreen(HomePage, '/')
    expect(await screen.findByRole('link', { name: '意外' })).toHaveAttribute(
      'href',
      '/products?category=accident',
    )
    const cards = await screen.findAllByRole('link', { name: /安心意外险/ })
    expect(cards[0]).toHaveAttribute('href', '/product?id=p-1')
    expect(screen.getAllByRole('link', { name: /新人专享/ }).length).toBeGreaterThan(0)
    await userEvent.click(cards[0])
    expect(router.state.location.pathname + router.state.location.search).toBe('/product?id=p-1')
  })

  it('says so honestly when there is nothing to show', async () => {
    stubApi({ 'GET /api/categories': { items: [] }, 'GET /api/products': { items: [], nextCursor: null } })
    renderScreen(HomePage, '/')
    expect(await screen.findByText('暂无保险分类')).toBeInTheDocument()
    expect((await screen.findAllByText('暂无产品')).length).toBe(2)
  })

  it('shows a Chinese error with retry when the API fails', async () => {
    stubApi({
      'GET /api/categories': () => reply(503, { error: { code: 'UNAVAILABLE', message: '服务维护中' } }),
      'GET /api/products': { items: [], nextCursor: null },
    })
    renderScreen(HomePage, '/')
    expect(await screen.findByText('服务维护中')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})
