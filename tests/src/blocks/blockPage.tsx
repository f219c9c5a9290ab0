import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import type { Block } from '../../../src/types/generated/page'
import { BlockRuntimeContext, type BlockRuntime } from '../../../src/blocks/runtime'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import { BlockRenderer, type RenderContext } from '../../../src/page-runtime/BlockRenderer'

export interface RenderBlocksOptions {
  ctx?: Partial<RenderContext>
  runtime?: Partial<BlockRuntime>
  /** Compiled markdown of the page, as the build adds it to a config module. */
  markdown?: MarkdownTrees
  /** Where the blocks render, and other routes to navigate to. */
  path?: string
  routes?: Record<string, ReactNode>
  /** A cache of SWR's own for this render: for blocks whose address is the same in every case (no campaign id). */
  freshSwrCache?: boolean
}

/** Renders blocks the way a config page does (lazy chunks, boundaries, runtime context) inside a router. */
export function renderBlocks(blocks: Block[], options: RenderBlocksOptions = {}) {
  const { markdown = {}, path = '/page', routes = {} } = options
  const ctx: RenderContext = {
    phase: 'live',
    nowMs: Date.now(),
    conditions: { loggedIn: false, query: new URLSearchParams(), state: () => undefined },
    ...options.ctx,
  }
  const runtime: Omit<BlockRuntime, 'navigate'> & Partial<Pick<BlockRuntime, 'navigate'>> = {
    phase: ctx.phase,
    prerendered: false,
    now: () => ctx.nowMs,
    schedule: undefined,
    share: { title: '分享' },
    text: (t) => t.replace('{{user.userInfo.nickname}}', '小明'),
    markdown: (source) => markdown[source],
    run: vi.fn(async () => {}),
    data: () => ({ data: undefined, error: undefined, isLoading: false, retry: () => {} }),
    query: new URLSearchParams(),
    renderBlocks: (inner) => <BlockRenderer blocks={inner} ctx={ctx} />,
    ...options.runtime,
  }
  // Blocks navigate through the runtime; by default it is the router's navigate, as on a config page.
  function Page() {
    const navigate = useNavigate()
    return (
      <BlockRuntimeContext.Provider value={{ navigate: (to) => void navigate(to), ...runtime }}>
        <BlockRenderer blocks={blocks} ctx={ctx} />
      </BlockRuntimeContext.Provider>
    )
  }
  const page = options.freshSwrCache ? (
    <SWRConfig value={{ provider: () => new Map() }}>
      <Page />
    </SWRConfig>
  ) : (
    <Page />
  )
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={page} />
        {Object.entries(routes).map(([to, element]) => (
          <Route key={to} path={to} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  )
}
