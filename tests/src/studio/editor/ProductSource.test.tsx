import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { SWRConfig } from 'swr'
import { describe, expect, it, vi } from 'vitest'
import { withoutOrphanSources } from '../../../../src/studio/editor/productSource/productSourceModel'
import type { PageConfig } from '../../../../src/studio/editor/types'
import { readInlineStyles, stubStudioApi, type StudioCall } from '../studioHarness'
import { WorkspaceHarness } from './workspaceHarness'

const product = (id: string, name: string, categoryCode: string, tags: string[]) => ({
  id,
  name,
  tagline: '',
  image: '/a.png',
  categoryCode,
  insurerCode: 'qs',
  insurerName: '青松保险',
  tags,
  minPremiumFen: 1000,
  salesCount: 1,
  rating: 5,
})
const CATALOGUE = [
  product('p-med', '青松百万医疗险', 'medical', ['热销']),
  product('p-acc', '青松安心综合意外险', 'accident', ['热销', '出行']),
  product('p-commute', '星芒通勤出行意外险', 'accident', ['出行']),
]
const catalogApi = () =>
  stubStudioApi({
    'GET /api/categories': {
      items: [
        { code: 'medical', name: '医疗险', icon: 'm', productCount: 1 },
        { code: 'accident', name: '意外险', icon: 'a', productCount: 2 },
      ],
    },
    'GET /api/products': ({ query }: StudioCall) => ({
      items: CATALOGUE.filter(
        (p) =>
          (!query.get('category') || p.categoryCode === query.get('category')) &&
          (!query.get('tag') || p.tags.includes(query.get('tag')!)),
      ).slice(0, Number(query.get('limit') ?? 20)),
    }),
  })

const list = (id: string) => ({ type: 'product-list', id, from: 'products', limit: 4 })
const page = {
  schemaVersion: 3,
  title: '产品页',
  dataSources: { products: { get: '/api/products', query: { limit: 6 } } },
  blocks: [list('picks'), list('more')],
} as unknown as PageConfig

const lastConfig = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as PageConfig
const pickOption = async (label: string, option: string) => {
  fireEvent.mouseDown(await screen.findByLabelText(label, {}, { timeout: 15_000 }))
  const match = await screen.findByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(match)
}
const shown = () => within(screen.getByRole('region', { name: '列表将显示的产品' }))

describe("a product list's 显示哪些产品 picker", { timeout: 60_000 }, () => {
  it('choosing 意外险 gives this list a data source of its own and lists only accident products', async () => {
    readInlineStyles()
    catalogApi()
    const onChange = vi.fn()
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <WorkspaceHarness initial={page} onChange={onChange} />
      </SWRConfig>,
    )
    fireEvent.click(screen.getAllByRole('treeitem').find((r) => r.textContent?.includes('picks'))!)
    await screen.findByRole('region', { name: '列表将显示的产品' }, { timeout: 15_000 })
    expect(await shown().findByText('青松百万医疗险')).toBeTruthy()
    await pickOption('产品分类', '意外险（2）')
    await waitFor(() => expect(shown().queryByText('青松百万医疗险')).toBeNull())
    expect(
      shown()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['青松安心综合意外险', '星芒通勤出行意外险'])
    const config = lastConfig(onChange) as unknown as {
      dataSources: Record<string, unknown>
      blocks: { from: string; limit?: number }[]
    }
    // The other list still reads the shared source, unchanged.
    expect(config.blocks[1].from).toBe('products')
    expect(config.dataSources.products).toEqual({ get: '/api/products', query: { limit: 6 } })
    expect(config.blocks[0].from).toBe('products2')
    expect(config.dataSources.products2).toEqual({
      get: '/api/products',
      query: { limit: 4, category: 'accident' },
    })

    await pickOption('标签', '出行')
    fireEvent.change(screen.getByLabelText('最多显示几个'), { target: { value: '1' } })
    await waitFor(() => expect(shown().getAllByRole('listitem')).toHaveLength(1))
    const after = lastConfig(onChange) as unknown as typeof config
    expect(after.dataSources.products2).toEqual({
      get: '/api/products',
      query: { limit: 1, category: 'accident', tag: '出行' },
    })
    expect(after.blocks[0]).toMatchObject({ from: 'products2', limit: 1 })
    // Its own source now: a second choice edits it in place.
    expect(Object.keys(after.dataSources)).toEqual(['products', 'products2'])
  })

  it('deleting a product list removes the data source only it read; one another list still reads stays', async () => {
    readInlineStyles()
    catalogApi()
    const onChange = vi.fn()
    const twoSources = {
      ...page,
      dataSources: {
        products: { get: '/api/products', query: { limit: 6 } },
        products2: { get: '/api/products', query: { category: 'accident' } },
      },
      blocks: [{ ...list('picks'), from: 'products2' }, list('more'), list('also')],
    } as unknown as PageConfig
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <WorkspaceHarness initial={twoSources} onChange={onChange} />
      </SWRConfig>,
    )
    const remove = async (id: string) => {
      const row = screen.getAllByRole('treeitem').find((r) => r.textContent?.includes(id))!
      fireEvent.click(row)
      fireEvent.click(within(row).getByRole('button', { name: '删除' }))
      const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!)
      fireEvent.click(within(confirm).getByRole('button', { name: /^删\s?除$/ }))
      await waitFor(() =>
        expect(screen.getAllByRole('treeitem').some((r) => r.textContent?.includes(id))).toBe(false),
      )
    }
    await remove('picks')
    const sources = () => Object.keys((lastConfig(onChange) as { dataSources?: object }).dataSources ?? {})
    expect(sources()).toEqual(['products'])
    // 'products' is still read by 'also'.
    await remove('more')
    expect(sources()).toEqual(['products'])
  })

  it('a source a text still binds (data.products2) is kept when its list goes', () => {
    const config = {
      schemaVersion: 3,
      title: '产品页',
      dataSources: { products2: { get: '/api/products' } },
      blocks: [{ type: 'title', text: '共 {{data.products2.items.length}} 款' }],
    } as unknown as PageConfig
    expect(withoutOrphanSources(config, { ...list('picks'), from: 'products2' })).toBe(config)
    const unbound = { ...config, blocks: [] } as unknown as PageConfig
    expect(withoutOrphanSources(unbound, { ...list('picks'), from: 'products2' })).not.toHaveProperty(
      'dataSources',
    )
  })

  it('with 页面设置 open, Ctrl+Z after deleting a list shows its data source back in 数据源', async () => {
    readInlineStyles()
    catalogApi()
    const config = {
      schemaVersion: 3,
      title: '产品页',
      dataSources: { products: { get: '/api/products' }, products2: { get: '/api/products' } },
      blocks: [{ ...list('picks'), from: 'products2' }, list('more')],
    } as unknown as PageConfig
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <WorkspaceHarness initial={config} />
      </SWRConfig>,
    )
    fireEvent.click(screen.getByRole('tab', { name: '页面设置' }))
    const names = () =>
      [...document.querySelectorAll<HTMLInputElement>('input[id$="-key"]')]
        .filter((el) => /^root_dataSources_[^_]+-key$/.test(el.id))
        .map((el) => el.value)
    await waitFor(() => expect(names()).toEqual(['products', 'products2']), { timeout: 15000 })
    const row = screen.getAllByRole('treeitem').find((r) => r.textContent?.includes('picks'))!
    fireEvent.click(row)
    fireEvent.click(within(row).getByRole('button', { name: '删除' }))
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!)
    fireEvent.click(within(confirm).getByRole('button', { name: /^删\s?除$/ }))
    fireEvent.click(screen.getByRole('tab', { name: '页面设置' }))
    await waitFor(() => expect(names()).toEqual(['products']), { timeout: 15000 })
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    await waitFor(() =>
      expect(screen.getAllByRole('treeitem').some((r) => r.textContent?.includes('picks'))).toBe(true),
    )
    await waitFor(() => expect(names()).toEqual(['products', 'products2']))
  })
})
