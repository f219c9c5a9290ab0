import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PageConfig } from '../../../../src/studio/editor/types'
import { WorkspaceHarness } from './workspaceHarness'

// The block tree's texts and search, and what the preview frame's canvas messages do to the page (issue 30).

const base = {
  schemaVersion: 3,
  title: '新春活动',
  blocks: [
    { type: 'title', id: 'heading', text: '新春保障节，全家安心过大年，保障升级送好礼' },
    { type: 'button', id: 'claim', text: '立即领取', action: { type: 'login' } },
    {
      type: 'tabs',
      id: 'detail',
      tabs: [
        { title: '保障', blocks: [{ type: 'markdown', id: 'cover', source: '## 意外身故 10 万元' }] },
        { title: '理赔', blocks: [{ type: 'markdown', id: 'claims', source: '1. 报案' }] },
      ],
    },
    { type: 'divider' },
  ],
} as PageConfig

const Harness = (
  props: Omit<Parameters<typeof WorkspaceHarness>[0], 'initial'> & { initial?: PageConfig },
) => <WorkspaceHarness initial={base} {...props} />

const rows = () => screen.queryAllByRole('treeitem')
const labels = () => rows().map((r) => r.getAttribute('aria-label'))
const texts = () => rows().map((r) => r.querySelector('.studio-tree-text')?.textContent)

/** A message from the preview frame, as the frame posts it. */
async function fromFrame(data: Record<string, unknown>) {
  const frame = (await screen.findByTitle('页面预览')) as HTMLIFrameElement
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: window.location.origin, source: frame.contentWindow }),
    )
  })
}

describe('block tree texts and search', () => {
  it("shows each block's title or first text, one line and truncated", () => {
    render(<Harness />)
    expect(texts()).toEqual([
      '新春保障节，全家安心过大年，保障升级…',
      '立即领取',
      '保障',
      '意外身故 10 万元',
      '1. 报案',
      '',
    ])
    expect(rows()[0]).toHaveTextContent('标题')
  })

  it('does not say a title twice that only repeats the type name', () => {
    const faq = (title: string) => ({ type: 'faq', title, items: [{ q: '怎么理赔？', a: '拨打客服电话。' }] })
    const initial = {
      schemaVersion: 3,
      title: '问答',
      blocks: [faq('常见问题'), faq('理赔问答')],
    } as PageConfig
    render(<Harness initial={initial} />)
    expect(texts()).toEqual([undefined, '理赔问答'])
    expect(rows()[0]).toHaveTextContent(/^⠿?\s*常见问题/)
  })

  it('filters by type name or text; a match inside a tab keeps its tabs', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const search = screen.getByLabelText('筛选区块')
    await user.type(search, '报案')
    expect(labels()).toEqual(['标签页 detail', '图文说明 claims'])
    await user.clear(search)
    await user.type(search, '按钮')
    expect(labels()).toEqual(['按钮 claim'])
    await user.clear(search)
    await user.type(search, '没有这个')
    expect(rows()).toHaveLength(0)
    expect(screen.getByText('没有匹配的区块')).toBeInTheDocument()
    await user.clear(search)
    expect(rows()).toHaveLength(6)
  })
})

describe('canvas messages from the preview frame', () => {
  it('a click in the frame selects the block, an id-less one too', async () => {
    render(<Harness />)
    await fromFrame({ type: 'studio-preview:select', pointer: '/blocks/1' })
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByDisplayValue('立即领取', {}, { timeout: 15_000 })).toBeInTheDocument()
    await fromFrame({ type: 'studio-preview:select', pointer: '/blocks/3' })
    expect(rows()[5]).toHaveAttribute('aria-selected', 'true')
  })

  it('an inline text sets the field and undo takes it back; a field that is not inline text is refused', async () => {
    render(<Harness />)
    await fromFrame({ type: 'studio-preview:text', pointer: '/blocks/0', field: 'text', text: '夏日保障节' })
    expect(await screen.findByDisplayValue('夏日保障节', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(texts()[0]).toBe('夏日保障节')
    await fromFrame({ type: 'studio-preview:text', pointer: '/blocks/1', field: 'id', text: 'other' })
    expect(labels()[1]).toBe('按钮 claim')
    await fromFrame({ type: 'studio-preview:history', redo: false })
    await waitFor(() => expect(texts()[0]).toBe('新春保障节，全家安心过大年，保障升级…'))
  })

  it('a palette drop inserts the example at the place; a move goes through the same list; tabs stay on the page', async () => {
    render(<Harness />)
    await fromFrame({
      type: 'studio-preview:drop',
      place: { list: '/blocks', index: 1 },
      blockType: 'notice-bar',
    })
    expect(labels().slice(0, 3)).toEqual(['标题 heading', '通告栏 notice-bar', '按钮 claim'])
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true')
    // The heading moved below the button (index 3 before it leaves its place).
    await fromFrame({ type: 'studio-preview:drop', place: { list: '/blocks', index: 3 }, from: '/blocks/0' })
    expect(labels().slice(0, 3)).toEqual(['通告栏 notice-bar', '按钮 claim', '标题 heading'])
    // Into a tab.
    await fromFrame({
      type: 'studio-preview:drop',
      place: { list: '/blocks/3/tabs/1/blocks', index: 0 },
      from: '/blocks/1',
    })
    expect(labels()).toContain('按钮 claim')
    expect(rows().find((r) => r.getAttribute('aria-label') === '按钮 claim')).toHaveAttribute(
      'aria-level',
      '2',
    )
    // A tabs block is page-only.
    await fromFrame({
      type: 'studio-preview:drop',
      place: { list: '/blocks/2/tabs/0/blocks', index: 0 },
      blockType: 'tabs',
    })
    expect(labels().filter((l) => l?.startsWith('标签页'))).toHaveLength(1)
  })
})
