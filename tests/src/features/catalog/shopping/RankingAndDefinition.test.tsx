import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import DefinitionPage from '../../../../../src/features/catalog/shopping/DefinitionPage'
import RankingPage from '../../../../../src/features/catalog/shopping/RankingPage'
import { categories, summary } from './fixtures'
import { renderScreen, stubApi } from '../../../harness'

afterEach(() => vi.unstubAllGlobals())

describe('/ranking', () => {
  it('ranks the top ten by sales, then by rating, per category', async () => {
    const api = stubApi({
      'GET /api/categories': categories,
      'GET /api/products': (call) => ({
        items:
          call.query.get('sort') === 'rating'
            ? [summary('r1', { name: '好评第一', rating: 4.9 })]
            : [summary('s1', { name: '销量第一', salesCount: 312900 }), summary('s2', { name: '销量第二' })],
        nextCursor: null,
      }),
    })
    renderScreen(RankingPage, '/ranking')
    const items = await screen.findAllByTestId('ranking-item')
    expect(items.map((i) => within(i).getByText(/销量/).textContent)).toEqual(['销量第一', '销量第二'])
    expect(items[0]).toHaveTextContent('已售 312,900 份')
    expect(api.callsTo('GET', '/api/products')[0].query.get('limit')).toBe('10')

    await userEvent.click(screen.getByText('好评榜'))
    expect(await screen.findByText('好评第一')).toBeInTheDocument()
    expect(screen.getByText('评分 4.9')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: '医疗' }))
    await screen.findByText('好评第一')
    const last = api.callsTo('GET', '/api/products').at(-1)
    expect([last?.query.get('category'), last?.query.get('sort')]).toEqual(['medical', 'rating'])
  })

  it('says so when a category has no products', async () => {
    stubApi({
      'GET /api/categories': categories,
      'GET /api/products': { items: [], nextCursor: null },
    })
    renderScreen(RankingPage, '/ranking?category=medical')
    expect(await screen.findByText('暂无上榜产品')).toBeInTheDocument()
  })
})

describe('/definition', () => {
  it('lists the glossary by group and filters it as the user types', async () => {
    renderScreen(DefinitionPage, '/definition')
    expect(screen.getByRole('region', { name: '投保规则' })).toHaveTextContent('等待期')
    await userEvent.type(screen.getByPlaceholderText(/搜索保险名词/), '犹豫期')
    const results = await screen.findByRole('region', { name: '搜索结果' })
    expect(within(results).getAllByText('犹豫期', { selector: 'mark' }).length).toBeGreaterThan(0)
    expect(within(results).queryByText('免赔额')).not.toBeInTheDocument()
  })

  it('shows an empty state for an unknown term', async () => {
    renderScreen(DefinitionPage, '/definition')
    await userEvent.type(screen.getByPlaceholderText(/搜索保险名词/), '量子纠缠')
    expect(await screen.findByText('没有找到“量子纠缠”')).toBeInTheDocument()
  })
})
