import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import StudioPreviewScreen from '../../../../src/app/publishedPages/StudioPreviewScreen'
import { resetClockOffset } from '../../../../src/page-runtime/serverClock'
import { YEAR_END_SCHEDULE } from '../../page-runtime/yearEndSchedule'
import { serve } from './serve'

// The studio's preview frame: what the parent posts is what shows, at the posted moment and login state.

const titleRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../../src/blocks/title/TitleBlock', async (importOriginal) => {
  const original = (await importOriginal()) as { default: (props: never) => unknown }
  return {
    default: (props: never) => {
      titleRenders.count++
      return original.default(props)
    },
  }
})

const PREHEAT = Date.parse('2026-11-16T09:00:00+08:00')
const LIVE = Date.parse('2026-11-25T09:00:00+08:00')

type Blocks = Record<string, unknown>[]
const pageOf = (blocks: Blocks) => ({
  schemaVersion: 3,
  title: '春季健康节',
  schedule: YEAR_END_SCHEDULE,
  blocks,
})

function post(blocks: Blocks, extra: Record<string, unknown> = {}, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        data: {
          type: 'studio-preview:render',
          config: structuredClone(pageOf(blocks)),
          markdown: {},
          nowMs: LIVE,
          loggedIn: false,
          params: {},
          ...extra,
        },
      }),
    )
  })
}

let sent: unknown[]
beforeEach(() => {
  resetClockOffset()
  serve('2026-11-25T10:00:00+08:00', {})
  sent = []
  vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown) => void sent.push(message))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderedCount = () =>
  sent.filter((m) => (m as { type?: string }).type === 'studio-preview:rendered').length

describe('/studio-preview', () => {
  it('says it is ready, renders a posted config, says it rendered, and follows every new message', async () => {
    render(<StudioPreviewScreen />)
    expect(sent).toContainEqual({ type: 'studio-preview:ready' })
    expect(screen.getByText('正在等待工作台发送页面…')).toBeInTheDocument()

    post([{ type: 'title', id: 'head', text: '春季健康节 开幕' }])
    expect(await screen.findByText('春季健康节 开幕')).toBeInTheDocument()
    await waitFor(() => expect(renderedCount()).toBe(1))
    const rendered = sent.find((m) => (m as { type?: string }).type === 'studio-preview:rendered') as {
      at: number
    }
    expect(Math.abs(rendered.at - Date.now())).toBeLessThan(60_000)

    post([{ type: 'title', id: 'head', text: '春季健康节 火热进行' }])
    expect(await screen.findByText('春季健康节 火热进行')).toBeInTheDocument()
    expect(screen.queryByText('春季健康节 开幕')).not.toBeInTheDocument()
    await waitFor(() => expect(renderedCount()).toBe(2))
  })

  it('ignores messages from another origin', async () => {
    render(<StudioPreviewScreen />)
    post([{ type: 'title', text: '别处发来的页面' }], {}, 'https://evil.example')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('别处发来的页面')).not.toBeInTheDocument()
    expect(screen.getByText('正在等待工作台发送页面…')).toBeInTheDocument()
  })

  it('renders the phase of the posted moment: a preheat-only block shows at a preheat moment', async () => {
    render(<StudioPreviewScreen />)
    const blocks = [
      { type: 'title', text: '预热中 敬请期待', showIn: ['preheat'] },
      { type: 'title', text: '活动火热进行中', showIn: ['live'] },
    ]
    post(blocks, { nowMs: PREHEAT })
    expect(await screen.findByText('预热中 敬请期待')).toBeInTheDocument()
    expect(screen.queryByText('活动火热进行中')).not.toBeInTheDocument()
    post(blocks, { nowMs: LIVE })
    expect(await screen.findByText('活动火热进行中')).toBeInTheDocument()
    expect(screen.queryByText('预热中 敬请期待')).not.toBeInTheDocument()
  })

  it('judges conditions logged in or out as posted', async () => {
    render(<StudioPreviewScreen />)
    const blocks = [
      { type: 'title', text: '所有人可见' },
      { type: 'title', text: '会员专享', visibleWhen: { loggedIn: true } },
      { type: 'title', text: '登录后查看更多', visibleWhen: { loggedIn: false } },
    ]
    post(blocks, { loggedIn: false })
    expect(await screen.findByText('登录后查看更多')).toBeInTheDocument()
    expect(screen.queryByText('会员专享')).not.toBeInTheDocument()
    post(blocks, { loggedIn: true })
    expect(await screen.findByText('会员专享')).toBeInTheDocument()
    expect(screen.queryByText('登录后查看更多')).not.toBeInTheDocument()
  })

  it('draws markdown from the trees posted with it; an edited text keeps its last tree until its own comes', async () => {
    render(<StudioPreviewScreen />)
    const rules = (source: string) => [{ type: 'markdown', id: 'rules', source }]
    const tree = (title: string) => [{ tag: 'h2', children: [title] }]
    post(rules('## 活动规则'), { markdown: { '## 活动规则': tree('活动规则') } })
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeInTheDocument()
    // Typed in the studio: the server is still compiling the new text.
    post(rules('## 活动规则（新）'))
    expect(screen.getByRole('heading', { name: '活动规则' })).toBeInTheDocument()
    expect(screen.queryByText(/##/)).not.toBeInTheDocument()
    post(rules('## 活动规则（新）'), { markdown: { '## 活动规则（新）': tree('活动规则（新）') } })
    expect(await screen.findByRole('heading', { name: '活动规则（新）' })).toBeInTheDocument()
  })

  it('a crashing block shows its notice and the rest of the page renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<StudioPreviewScreen />)
    post([
      { type: 'title', text: '上方区块' },
      { type: 'faq', id: 'broken', items: 3 },
      { type: 'title', text: '下方区块' },
    ])
    expect(await screen.findByRole('alert')).toHaveTextContent('该区块（faq #broken）无法显示')
    expect(screen.getByText('上方区块')).toBeInTheDocument()
    expect(screen.getByText('下方区块')).toBeInTheDocument()
  })

  it('outlines the selected block', async () => {
    render(<StudioPreviewScreen />)
    const blocks = [
      { type: 'title', id: 'a', text: '第一块' },
      { type: 'title', id: 'b', text: '第二块' },
    ]
    post(blocks, { selectedBlockId: 'b' })
    await screen.findByText('第二块')
    await waitFor(() => expect(document.getElementById('block-b')).toHaveClass('studio-preview-selected'))
    expect(document.getElementById('block-a')).not.toHaveClass('studio-preview-selected')
  })

  it('on a page of 200 blocks, an edit of one block re-renders that block only, well under 100 ms', async () => {
    render(<StudioPreviewScreen />)
    const blocks = Array.from({ length: 200 }, (_, i) => ({ type: 'title', id: `t${i}`, text: `区块 ${i}` }))
    post(blocks)
    expect(await screen.findByText('区块 199')).toBeInTheDocument()
    await waitFor(() => expect(renderedCount()).toBe(1))

    const timings: number[] = []
    for (let round = 1; round <= 5; round++) {
      const before = titleRenders.count
      const edited = blocks.map((b, i) => (i === 100 ? { ...b, text: `区块 100 第${round}次修改` } : b))
      const start = performance.timeOrigin + performance.now()
      post(edited)
      await waitFor(() => expect(renderedCount()).toBe(round + 1))
      // From the message to the frame's commit, as the studio measures it (the `at` of studio-preview:rendered).
      const rendered = sent.filter((m) => (m as { type?: string }).type === 'studio-preview:rendered')
      timings.push((rendered.at(-1) as { at: number }).at - start)
      expect(screen.getByText(`区块 100 第${round}次修改`)).toBeInTheDocument()
      // StrictMode is off here: exactly one block rendered again.
      expect(titleRenders.count - before).toBe(1)
    }
    const median = [...timings].sort((a, b) => a - b)[2]
    console.info(`[bench] 200-block preview, one block edited: median ${median.toFixed(1)} ms`)
    expect(median).toBeLessThan(100)
  })
})
