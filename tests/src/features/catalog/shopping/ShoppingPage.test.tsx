import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import ShoppingPage from '../../../../../src/features/catalog/shopping/ShoppingPage'
import { navbarStore } from '../../../../../src/features/catalog/shopping/navbarStore'
import { categories, insurers, summary } from './fixtures'
import { renderScreen, stubApi, tappable, type RecordedCall, reply } from '../../../harness'

/** Two pages for "all", one for accident; the second page only via the first page's cursor. */
function products(call: RecordedCall) {
  const category = call.query.get('category')
  if (category === 'accident') return { items: [summary('a1', { name: '青松意外险' })], nextCursor: null }
  if (category === 'medical') return { items: [], nextCursor: null }
  if (call.query.get('cursor') === 'page2')
    return { items: [summary('p3', { name: '第三款产品' })], nextCursor: null }
  return {
    items: [summary('p1', { name: '第一款产品' }), summary('p2', { name: '第二款产品' })],
    nextCursor: 'page2',
  }
}

// jsdom does no layout: offsetParent is always null, which antd-mobile's InfiniteScroll reads as "hidden".
// Give elements their parent so the scroll sentinel counts as on screen (at top 0, like a short list).
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')
beforeAll(() =>
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement
    },
  }),
)
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent)
})
beforeEach(() => navbarStore.reset())
afterEach(() => vi.unstubAllGlobals())

describe('/shopping', () => {
  it('shows 全部 first, loads further pages with the cursor, and binds the category tab to the navbar store', async () => {
    const api = stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': products,
    })
    renderScreen(ShoppingPage, '/shopping')

    expect(await screen.findByText('第一款产品')).toBeInTheDocument()
    // jsdom has no layout: the infinite scroll sees its sentinel in view and asks for page 2.
    expect(await screen.findByText('第三款产品')).toBeInTheDocument()
    const listCalls = api.callsTo('GET', '/api/products').filter((c) => c.query.get('limit') !== '50')
    expect(listCalls.map((c) => c.query.get('cursor'))).toEqual([null, 'page2'])
    expect(await screen.findByText('— 没有更多了 —')).toBeInTheDocument()

    await userEvent.click(await screen.findByRole('tab', { name: '意外' }))
    expect(navbarStore.state.category).toBe('accident')
    expect(await screen.findByText('青松意外险')).toBeInTheDocument()
    expect(screen.queryByText('第一款产品')).not.toBeInTheDocument()
  })

  it('filters by the insurer chosen in the dropdown (navbar.insurerCodes)', async () => {
    const api = stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': (call) =>
        call.query.get('insurer') === 'YH'
          ? { items: [summary('y1', { name: '云禾医疗险' })], nextCursor: null }
          : products(call),
    })
    renderScreen(ShoppingPage, '/shopping')
    await screen.findByText('第一款产品')
    const user = userEvent.setup()
    await user.click(screen.getByText('保险公司'))
    await user.click(await tappable(await screen.findByText('云禾健康')))
    expect(navbarStore.state.insurerCodes).toEqual(['YH'])
    expect(await screen.findByText('云禾医疗险')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/products').some((c) => c.query.get('insurer') === 'YH')).toBe(true)
  })

  it('searches within the mall through navbar.likeTitle and marks the match', async () => {
    const api = stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': (call) =>
        call.query.get('keyword')
          ? { items: [summary('m1', { name: '百万医疗险' })], nextCursor: null }
          : products(call),
    })
    renderScreen(ShoppingPage, '/shopping')
    await screen.findByText('第一款产品')
    await userEvent.type(screen.getByPlaceholderText('在商城中搜索产品'), '医疗{Enter}')
    expect(navbarStore.state.likeTitle).toBe('医疗')
    const mark = await screen.findByText('医疗', { selector: 'mark' })
    expect(mark.closest('h3')).toHaveTextContent('百万医疗险')
    expect(api.callsTo('GET', '/api/products').some((c) => c.query.get('keyword') === '医疗')).toBe(true)
  })

  it('shows an empty state with a way out when nothing matches', async () => {
    stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': products,
    })
    act(() => navbarStore.update({ category: 'medical', likeTitle: 'x' }))
    renderScreen(ShoppingPage, '/shopping')
    expect(await screen.findByText('没有符合条件的产品')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '清除筛选条件' }))
    expect(navbarStore.state.likeTitle).toBe('')
  })

  it('shows the error with a retry that recovers', async () => {
    let fail = true
    stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': (call) =>
        fail && call.query.get('limit') !== '50'
          ? reply(503, { error: { code: 'UNAVAILABLE', message: '服务维护中' } })
          : products(call),
    })
    renderScreen(ShoppingPage, '/shopping')
    const error = await screen.findByText('服务维护中')
    fail = false
    await userEvent.click(
      within(error.closest('.adm-error-block') as HTMLElement).getByRole('button', { name: '重试' }),
    )
    expect(await screen.findByText('第一款产品')).toBeInTheDocument()
  })

  it('opens the product detail from a card', async () => {
    stubApi({
      'GET /api/categories': categories,
      'GET /api/insurers': insurers,
      'GET /api/products': products,
    })
    renderScreen(ShoppingPage, '/shopping')
    await userEvent.click(await screen.findByText('第二款产品'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product?id=p2'))
  })
})
