import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { Block } from '../../../src/types/generated/page'
import { BlockRuntimeContext, type BlockRuntime } from '../../../src/blocks/runtime'
import { BlockRenderer, type RenderContext } from '../../../src/page-runtime/BlockRenderer'

function renderBlocks(blocks: Block[], ctx: Partial<RenderContext> = {}, runtime: Partial<BlockRuntime> = {}) {
  const renderCtx: RenderContext = { phase: 'live', nowMs: Date.now(), conditions: { loggedIn: false, query: new URLSearchParams(), state: () => undefined }, ...ctx }
  const value: BlockRuntime = {
    phase: renderCtx.phase,
    now: () => renderCtx.nowMs,
    schedule: undefined,
    share: { title: '分享' },
    text: (t) => t.replace('{{user.userInfo.nickname}}', '小明'),
    run: vi.fn(async () => {}),
    data: () => ({ data: undefined, error: undefined, isLoading: false, retry: () => {} }),
    query: new URLSearchParams(),
    renderBlocks: (inner) => <BlockRenderer blocks={inner} ctx={renderCtx} />,
    ...runtime,
  }
  return render(
    <MemoryRouter>
      <BlockRuntimeContext.Provider value={value}>
        <BlockRenderer blocks={blocks} ctx={renderCtx} />
      </BlockRuntimeContext.Provider>
    </MemoryRouter>,
  )
}

describe('BlockRenderer', () => {
  it('renders lazy blocks with bindings, honouring showIn and visibleWhen', async () => {
    renderBlocks([
      { type: 'title', text: '你好 {{user.userInfo.nickname}}' },
      { type: 'title', text: '预热才有', showIn: ['preheat'] },
      { type: 'title', text: '登录才有', visibleWhen: { loggedIn: true } },
      { type: 'markdown', source: '## 活动规则' },
    ])
    expect(await screen.findByText('你好 小明')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeInTheDocument()
    expect(screen.queryByText('预热才有')).toBeNull()
    expect(screen.queryByText('登录才有')).toBeNull()
  })

  it('a broken block shows nothing and logs; the rest of the page works', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderBlocks(
      [
        { type: 'product-list', from: 'products' },
        { type: 'title', text: '其余区块正常' },
      ],
      {},
      { data: () => { throw new Error('boom') } },
    )
    expect(await screen.findByText('其余区块正常')).toBeInTheDocument()
    await vi.waitFor(() => expect(log.mock.calls.some((c) => String(c[0]).includes('block "product-list" failed'))).toBe(true))
    log.mockRestore()
  })

  it('product-list shows its empty state and its error state with retry', async () => {
    const retry = vi.fn()
    renderBlocks([{ type: 'product-list', from: 'products', emptyText: '暂无春节产品' }], {}, { data: () => ({ data: { items: [] }, error: undefined, isLoading: false, retry }) })
    expect(await screen.findByText('暂无春节产品')).toBeInTheDocument()
  })

  it('button runs its action', async () => {
    const run = vi.fn(async () => {})
    renderBlocks([{ type: 'button', text: '去看看', action: { type: 'navigate', to: '/products' } }], {}, { run })
    ;(await screen.findByRole('button', { name: '去看看' })).click()
    await vi.waitFor(() => expect(run).toHaveBeenCalledWith({ type: 'navigate', to: '/products' }))
  })
})
