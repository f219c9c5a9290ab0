import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ProductsSearchPage from '../../../../../src/features/catalog/shopping/ProductsSearchPage'
import {
  RECENT_SEARCHES_KEY,
  rememberSearch,
} from '../../../../../src/features/catalog/shopping/recentSearches'
import { summary } from './fixtures'
import { renderScreen, stubApi } from '../../../harness'

const api = () =>
  stubApi({
    'GET /api/products': (call) =>
      call.query.get('keyword') === '医疗'
        ? {
            items: [summary('m1', { name: '云禾百万医疗险', tagline: '医疗费用最高报销400万' })],
            nextCursor: null,
          }
        : { items: [], nextCursor: null },
  })

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('/productsSearch', () => {
  it('searches, marks the keyword in results and remembers the search on the device', async () => {
    const calls = api()
    renderScreen(ProductsSearchPage, '/productsSearch')
    expect(screen.getByText('暂无搜索记录')).toBeInTheDocument()
    await userEvent.type(screen.getByPlaceholderText(/搜索保险产品/), '医疗{Enter}')

    const marks = await screen.findAllByText('医疗', { selector: 'mark' })
    expect(marks.map((m) => m.parentElement?.textContent)).toEqual([
      '云禾百万医疗险',
      '医疗费用最高报销400万',
    ])
    expect(calls.callsTo('GET', '/api/products')[0].query.get('keyword')).toBe('医疗')
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual(['医疗'])
  })

  it("opens a partner insurer's product in its own flow, a mall product on its page", async () => {
    stubApi({
      'GET /api/products': {
        items: [
          summary('ht-travel', { name: '华汀畅游境内旅行险' }),
          summary('m1', { name: '云禾百万医疗险' }),
        ],
        nextCursor: null,
      },
    })
    const router = renderScreen(ProductsSearchPage, '/productsSearch')
    await userEvent.type(screen.getByPlaceholderText(/搜索保险产品/), '推荐{Enter}')
    await userEvent.click(await screen.findByText('华汀畅游境内旅行险'))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/huaTaiApiTravel/productDetails?productId=ht-travel',
      ),
    )
    await router.navigate(-1)
    await userEvent.click(await screen.findByText('云禾百万医疗险'))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/product?id=m1'),
    )
  })

  it('lists recent searches newest first and clears them', async () => {
    api()
    rememberSearch('旅行')
    rememberSearch('重疾')
    renderScreen(ProductsSearchPage, '/productsSearch')
    const recent = screen.getByRole('region', { name: '最近搜索' })
    expect([...recent.querySelectorAll('.word-chip')].map((b) => b.textContent)).toEqual(['重疾', '旅行'])
    await userEvent.click(screen.getByRole('button', { name: '清空最近搜索' }))
    expect(screen.getByText('暂无搜索记录')).toBeInTheDocument()
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull()
  })

  it('searches a hot word with one tap', async () => {
    const calls = api()
    renderScreen(ProductsSearchPage, '/productsSearch')
    await userEvent.click(screen.getByRole('button', { name: '百万医疗' }))
    await waitFor(() =>
      expect(calls.callsTo('GET', '/api/products')[0]?.query.get('keyword')).toBe('百万医疗'),
    )
  })

  it('suggests other words when nothing is found', async () => {
    api()
    renderScreen(ProductsSearchPage, '/productsSearch?q=火星')
    expect(await screen.findByText('没有找到与“火星”相关的产品')).toBeInTheDocument()
    const suggestions = screen.getByRole('region', { name: '搜索建议' })
    await userEvent.click(suggestions.querySelector('.word-chip') as HTMLElement)
    expect(await screen.findByText('没有找到与“百万医疗”相关的产品')).toBeInTheDocument()
  })
})

describe('recent searches store', () => {
  beforeEach(() => localStorage.clear())

  it('keeps at most ten, without duplicates, newest first', () => {
    for (let i = 1; i <= 12; i++) rememberSearch(`词${i}`)
    const list = rememberSearch('词5')
    expect(list).toHaveLength(10)
    expect(list[0]).toBe('词5')
    expect(list.filter((w) => w === '词5')).toHaveLength(1)
    expect(list).not.toContain('词1')
  })

  it('survives corrupt stored data', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{not json')
    expect(rememberSearch('意外')).toEqual(['意外'])
  })
})
