import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HttpError } from '../../../src/lib/request'
import { compileMarkdown } from '../../../src/page-config/markdown'
import { renderBlocks } from './renderBlocks'

describe('BlockRenderer', () => {
  it('renders lazy blocks with bindings, honouring showIn and visibleWhen', async () => {
    renderBlocks(
      [
        { type: 'title', text: '你好 {{user.userInfo.nickname}}' },
        { type: 'title', text: '预热才有', showIn: ['preheat'] },
        { type: 'title', text: '登录才有', visibleWhen: { loggedIn: true } },
        { type: 'markdown', source: '## 活动规则' },
      ],
      { markdown: { '## 活动规则': compileMarkdown('## 活动规则') } },
    )
    expect(await screen.findByText('你好 小明')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeInTheDocument()
    expect(screen.queryByText('预热才有')).toBeNull()
    expect(screen.queryByText('登录才有')).toBeNull()
  })

  it('rendered for nobody, renders both sides of a login condition, marked for CSS to pick; once live, one', async () => {
    const blocks = [
      { type: 'title', text: '登录才有', visibleWhen: { loggedIn: true } },
      { type: 'title', text: '未登录才有', visibleWhen: { loggedIn: false } },
      { type: 'title', text: '带参数才有', visibleWhen: { query: 'from' } },
    ] as const
    const html = renderBlocks([...blocks], { ctx: { prerendered: true } })
    expect(await screen.findByText('登录才有')).toBeInTheDocument()
    const shownTo = (text: string) => screen.getByText(text).closest('section')?.getAttribute('data-shown-to')
    expect(shownTo('登录才有')).toBe('logged-in')
    expect(shownTo('未登录才有')).toBe('logged-out')
    // Any other condition is decided as for nobody.
    expect(screen.queryByText('带参数才有')).toBeNull()
    html.unmount()

    renderBlocks([...blocks])
    expect(await screen.findByText('未登录才有')).toBeInTheDocument()
    expect(screen.queryByText('登录才有')).toBeNull()
    expect(shownTo('未登录才有')).toBeNull()
  })

  it('a broken block shows nothing and logs; the rest of the page works', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderBlocks(
      [
        { type: 'product-list', from: 'products' },
        { type: 'title', text: '其余区块正常' },
      ],
      {
        runtime: {
          data: () => {
            throw new Error('boom')
          },
        },
      },
    )
    expect(await screen.findByText('其余区块正常')).toBeInTheDocument()
    await vi.waitFor(() =>
      expect(log.mock.calls.some((c) => String(c[0]).includes('block "product-list" failed'))).toBe(true),
    )
    log.mockRestore()
  })

  it('product-list shows its empty state', async () => {
    const retry = vi.fn()
    renderBlocks([{ type: 'product-list', from: 'products', emptyText: '暂无春节产品' }], {
      runtime: { data: () => ({ data: { items: [] }, error: undefined, isLoading: false, retry }) },
    })
    expect(await screen.findByText('暂无春节产品')).toBeInTheDocument()
  })

  it.each(['row', 'card'] as const)(
    'product-list names the insurer of every product (%s layout)',
    async (layout) => {
      const product = {
        id: 'p-1',
        name: '守护意外险',
        tagline: '交通意外双倍赔付',
        image: '/springFestival/hero.svg',
        categoryCode: 'accident',
        insurerCode: 'pingan',
        insurerName: '平安财险',
        tags: [],
        minPremiumFen: 9900,
        salesCount: 0,
      }
      renderBlocks([{ type: 'product-list', from: 'products', layout }], {
        runtime: {
          data: () => ({ data: { items: [product] }, error: undefined, isLoading: false, retry: vi.fn() }),
        },
      })
      const card = await screen.findByTestId('product-card')
      expect(card).toHaveTextContent('守护意外险')
      expect(card).toHaveTextContent('平安财险')
    },
  )

  it('product-list shows loading, then a Chinese error with a retry that refetches', async () => {
    const retry = vi.fn()
    const first = renderBlocks([{ type: 'product-list', from: 'products' }], {
      runtime: { data: () => ({ data: undefined, error: undefined, isLoading: true, retry }) },
    })
    expect(await screen.findByRole('status', { name: '加载中' })).toBeInTheDocument()
    first.unmount()
    const error = new HttpError(
      503,
      { error: { code: 'UNAVAILABLE', message: '产品服务繁忙，请稍后再试' } },
      '/api/products',
      'GET',
    )
    renderBlocks([{ type: 'product-list', from: 'products' }], {
      runtime: { data: () => ({ data: undefined, error, isLoading: false, retry }) },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('加载失败产品服务繁忙，请稍后再试')
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('product-list keeps room for the products its source asks for while they load', async () => {
    const loading = (expected?: number) => () => ({
      data: undefined,
      error: undefined,
      isLoading: true,
      retry: vi.fn(),
      expected,
    })
    const placeholders = (view: { container: HTMLElement }) =>
      view.container.querySelectorAll('.blk-products-placeholder, .product-card-placeholder').length
    // The source asks for 6; the block shows at most 4 of them; a source that does not say gets one.
    const six = renderBlocks([{ type: 'product-list', from: 'products', layout: 'card' }], {
      runtime: { data: loading(6) },
    })
    expect(await screen.findByRole('status', { name: '加载中' })).toBeInTheDocument()
    expect(placeholders(six)).toBe(6)
    six.unmount()
    const four = renderBlocks([{ type: 'product-list', from: 'products', limit: 4 }], {
      runtime: { data: loading(6) },
    })
    expect(placeholders(four)).toBe(4)
    four.unmount()
    expect(
      placeholders(
        renderBlocks([{ type: 'product-list', from: 'products' }], { runtime: { data: loading() } }),
      ),
    ).toBe(1)
  })

  it('button runs its action', async () => {
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'button', text: '去看看', action: { type: 'navigate', to: '/products' } }], {
      runtime: { run },
    })
    ;(await screen.findByRole('button', { name: '去看看' })).click()
    await vi.waitFor(() => expect(run).toHaveBeenCalledWith({ type: 'navigate', to: '/products' }))
  })
})

describe('countdown', () => {
  const threeDays = { type: 'countdown', to: '2026-12-12T00:00:00+08:00', label: '距开抢还有' } as const
  const nowMs = Date.parse('2026-12-09T00:00:00+08:00') - 3_600_000

  it('prerendered (HTML made before its moment) holds the place of every part, days too, without digits', async () => {
    renderBlocks([threeDays], { ctx: { nowMs }, runtime: { prerendered: true } })
    // The same parts as once the digits come: nothing moves when they do.
    expect(await screen.findByRole('timer')).toHaveTextContent('距开抢还有--天--:--:--')
  })

  it('on the page clock it counts days, hours, minutes and seconds', async () => {
    renderBlocks([threeDays], { ctx: { nowMs } })
    expect(await screen.findByRole('timer')).toHaveTextContent('距开抢还有3天01:00:00')
  })
})
