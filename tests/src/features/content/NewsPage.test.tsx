import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import NewsCategoryPage from '../../../../src/features/content/NewsCategoryPage'
import NewsPage from '../../../../src/features/content/NewsPage'
import { newsStore } from '../../../../src/features/content/newsStore'
import type { ArticlePage } from '../../../../src/types/generated/api/content'
import { apiError, renderScreen, stubApi, type RecordedCall } from '../../harness'
import { CATEGORIES, COOLING_OFF, MEDICAL, VIDEO, summary } from './fixtures'

// /news and /newsCategory against the API stub: the tab is the news.tag state (推荐 by default), the list loads
// the next page as it is scrolled to, and the category grid opens /news on the tab it names.
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
beforeEach(() => newsStore.reset())

const MANY = Array.from({ length: 12 }, (_, i) => summary({ id: `a-more-${i}`, title: `第${i + 1}篇知识` }))

function articles(call: RecordedCall): ArticlePage {
  const category = call.query.get('category')
  if (category === 'RECOMMEND') return { items: [VIDEO, MEDICAL], nextCursor: null }
  if (category === 'RULES') return { items: [COOLING_OFF], nextCursor: null }
  if (category === 'KNOWLEDGE')
    return call.query.get('cursor') === 'p2'
      ? { items: MANY.slice(10), nextCursor: null }
      : { items: MANY.slice(0, 10), nextCursor: 'p2' }
  return { items: [], nextCursor: null }
}

describe('/news', () => {
  it('opens on 推荐, follows the tab into news.tag, and shows each item with its category and day', async () => {
    const api = stubApi({ 'GET /api/content/categories': CATEGORIES, 'GET /api/content/articles': articles })
    renderScreen(NewsPage, '/news', '/news', ['/news/articleDetail/:id', '/newsCategory'])
    expect(await screen.findByText('百万医疗险是什么？')).toBeInTheDocument()
    expect(api.requested).toContain('/api/content/articles?category=RECOMMEND')
    const video = screen.getByText('理赔四步走').closest('article')!
    expect(within(video).getByLabelText('视频时长')).toHaveTextContent('00:06')
    expect(within(video).getByText('2026-11-24')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByText('投保须知'))
    expect(newsStore.state.tag).toBe('RULES')
    expect(await screen.findByText('一文读懂犹豫期')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('百万医疗险是什么？')).not.toBeInTheDocument())

    await user.click(screen.getByText('一文读懂犹豫期'))
    expect(await screen.findByTestId('screen')).toHaveTextContent('/news/articleDetail/:id')
  })

  it('loads the next page of a category, and says when a category is empty', async () => {
    newsStore.update({ tag: 'KNOWLEDGE' })
    const api = stubApi({ 'GET /api/content/categories': CATEGORIES, 'GET /api/content/articles': articles })
    renderScreen(NewsPage, '/news')
    expect(await screen.findByText('第1篇知识')).toBeInTheDocument()
    // The infinite list sees its end in view and asks for the next page with the first page's cursor.
    expect(await screen.findByText('第12篇知识')).toBeInTheDocument()
    expect(api.requested).toContain('/api/content/articles?category=KNOWLEDGE&cursor=p2')
    expect(await screen.findByText('— 没有更多了 —')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByText('家庭规划'))
    expect(await screen.findByText('暂无内容')).toBeInTheDocument()
  })

  it('says what went wrong when the list cannot load, with a retry', async () => {
    stubApi({
      'GET /api/content/categories': CATEGORIES,
      'GET /api/content/articles': apiError(500, 'INTERNAL', '服务暂时不可用，请稍后重试'),
    })
    renderScreen(NewsPage, '/news')
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})

describe('/newsCategory', () => {
  it('lists every category with its count and opens /news on the one tapped', async () => {
    stubApi({ 'GET /api/content/categories': CATEGORIES })
    renderScreen(NewsCategoryPage, '/newsCategory', '/newsCategory', ['/news'])
    expect(await screen.findByText('犹豫期、等待期、如实告知')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByText('投保须知'))
    expect(newsStore.state.tag).toBe('RULES')
    expect(await screen.findByTestId('screen')).toHaveTextContent('/news')
  })
})
