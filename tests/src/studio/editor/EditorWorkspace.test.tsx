import { useState } from 'react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { EditorWorkspace } from '../../../../src/studio/editor/EditorWorkspace'
import type { PageConfig, StudioConfigError } from '../../../../src/studio/editor/types'
import { WorkspaceHarness } from './workspaceHarness'

const base: PageConfig = {
  schemaVersion: 3,
  title: '新春活动',
  schedule: {
    preheatAt: '2027-01-18T10:00:00+08:00',
    startAt: '2027-01-20T10:00:00+08:00',
    endAt: '2027-02-20T10:00:00+08:00',
    offlineAt: '2027-02-25T10:00:00+08:00',
    fallback: '/',
  },
  blocks: [
    { type: 'title', id: 'heading', text: '新春保障节' },
    { type: 'button', id: 'claim', text: '立即领取', action: { type: 'login' } },
    {
      type: 'tabs',
      id: 'detail',
      tabs: [
        { title: '保障', blocks: [{ type: 'markdown', id: 'cover', source: '意外身故 10 万元' }] },
        { title: '理赔', blocks: [{ type: 'markdown', id: 'claims', source: '1. 报案' }] },
      ],
    },
  ],
} as PageConfig

const Harness = (
  props: Omit<Parameters<typeof WorkspaceHarness>[0], 'initial'> & { initial?: PageConfig },
) => <WorkspaceHarness initial={base} {...props} />

const rows = () => screen.getAllByRole('treeitem')
const rowIds = () => rows().map((r) => r.querySelector('.studio-tree-id')?.textContent)
const row = (id: string) => rows().find((r) => r.querySelector('.studio-tree-id')?.textContent === id)!
/** The preview frame, told the studio it is ready; returns the messages it receives from then on. */
async function readyFrame(): Promise<MessageEvent[]> {
  const frame = (await screen.findByTitle('页面预览')) as HTMLIFrameElement
  const received: MessageEvent[] = []
  frame.contentWindow!.addEventListener('message', (e) => received.push(e))
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'studio-preview:ready' },
        origin: window.location.origin,
        source: frame.contentWindow,
      }),
    )
  })
  return received
}
const lastConfig = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as PageConfig

describe('EditorWorkspace', () => {
  it('shows every block, nested ones too, with its Chinese name and id', () => {
    render(<Harness />)
    expect(rowIds()).toEqual(['heading', 'claim', 'detail', 'cover', 'claims'])
    expect(row('claim')).toHaveTextContent('按钮')
    expect(row('detail')).toHaveTextContent('标签页')
  })

  it('adds a block from the catalogue after the selection, with its example', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.click(row('heading'))
    await user.click(screen.getByRole('button', { name: /添加区块/ }))
    await user.type(screen.getByLabelText('搜索区块'), '倒计时')
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByText('countdown'))
    const config = lastConfig(onChange)
    expect(config.blocks[1].type).toBe('countdown')
    expect(rows()[1]).toHaveTextContent('倒计时')
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true')
  })

  it('moves a block with Alt+↓ and the 上移 button', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    row('heading').focus()
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(rowIds().slice(0, 3)).toEqual(['claim', 'heading', 'detail'])
    expect(lastConfig(onChange).blocks.map((b) => b.id)).toEqual(['claim', 'heading', 'detail'])
    await user.click(within(row('heading')).getByRole('button', { name: '上移' }))
    expect(rowIds().slice(0, 3)).toEqual(['heading', 'claim', 'detail'])
  })

  it('duplicates a block under a new id and deletes after confirming', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.click(row('claim'))
    await user.click(within(row('claim')).getByRole('button', { name: '复制' }))
    expect(rowIds().slice(0, 3)).toEqual(['heading', 'claim', 'claim-2'])
    expect(lastConfig(onChange).blocks[2]).toMatchObject({ type: 'button', id: 'claim-2', text: '立即领取' })

    await user.click(within(row('claim-2')).getByRole('button', { name: '删除' }))
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!)
    expect(confirm).toHaveTextContent('删除区块「按钮」？')
    await user.click(within(confirm).getByRole('button', { name: /^删\s?除$/ }))
    await waitFor(() => expect(rowIds()).not.toContain('claim-2'))
    expect(lastConfig(onChange).blocks).toHaveLength(3)
  })

  it('edits a field: onChange gets the config with the changed field, the rest shared', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.click(row('claim'))
    const input = await screen.findByDisplayValue('立即领取')
    await user.clear(input)
    await user.type(input, '马上抢')
    const config = lastConfig(onChange)
    expect(config.blocks[1]).toMatchObject({ text: '马上抢', action: { type: 'login' } })
    expect(config.blocks[0]).toBe(base.blocks[0])
    expect(config.blocks[2]).toBe(base.blocks[2])
  })

  it("previews a markdown field with the page's own renderer; a link in it is shown, not followed", async () => {
    const user = userEvent.setup()
    await import('../../../../src/studio/editor/PropertyForm') // the lazy form, loaded before it is shown
    render(
      <EditorWorkspace
        pageId="spring"
        config={base}
        errors={[]}
        onChange={() => {}}
        uploadImage={async () => '/uploads/a.png'}
        compileMarkdown={async (sources) =>
          Object.fromEntries(
            sources.map((s) => [
              s,
              [
                {
                  tag: 'p',
                  children: [s, ' ', { tag: 'a', props: { href: '/protocol/service' }, children: ['条款'] }],
                },
              ],
            ]),
          )
        }
      />,
    )
    await user.click(row('cover'))
    await screen.findByDisplayValue('意外身故 10 万元')
    await user.click(screen.getByRole('switch', { name: 'Markdown 预览' }))
    const preview = await screen.findByTestId('markdown-preview')
    const link = await within(preview).findByRole('link', { name: '条款' })
    expect(preview).toHaveTextContent('意外身故 10 万元 条款')
    expect(link).toHaveAttribute('href', '/protocol/service')
    // fireEvent returns false when the click's default (following the link) was prevented.
    expect(fireEvent.click(link)).toBe(false)
  })

  it('shows an error at its field, in the list, and marks the block; a click in the list selects it', async () => {
    const user = userEvent.setup()
    const errors: StudioConfigError[] = [
      { pointer: '/blocks/2/tabs/1/blocks/0/source', message: '含有违规用语“最低价”', line: 40, column: 23 },
    ]
    render(<Harness errors={errors} />)
    expect(row('claims').querySelector('.studio-tree-error')).not.toBeNull()
    expect(row('detail').querySelector('.studio-tree-error')).not.toBeNull()
    expect(row('claim').querySelector('.studio-tree-error')).toBeNull()

    await user.click(screen.getByRole('tab', { name: /错误（1）/ }))
    await user.click(screen.getByText('含有违规用语“最低价”'))
    expect(row('claims')).toHaveAttribute('aria-selected', 'true')
    const field = (await screen.findByDisplayValue('1. 报案')).closest('.ant-form-item')
    expect(field).toHaveTextContent('含有违规用语“最低价”')
  })

  it('undoes and redoes, one step per burst of typing in a field', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.click(row('claim'))
    const input = await screen.findByDisplayValue('立即领取')
    await user.type(input, '吧')
    expect(screen.getByDisplayValue('立即领取吧')).toBeInTheDocument()
    await user.click(within(row('claim')).getByRole('button', { name: '复制' }))
    expect(rowIds()).toContain('claim-2')

    await user.click(screen.getByRole('button', { name: /撤销/ }))
    expect(rowIds()).not.toContain('claim-2')
    await user.keyboard('{Control>}z{/Control}')
    expect(lastConfig(onChange).blocks[1]).toMatchObject({ text: '立即领取' })
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(lastConfig(onChange).blocks[1]).toMatchObject({ text: '立即领取吧' })
    await user.click(screen.getByRole('button', { name: /重做/ }))
    expect(rowIds()).toContain('claim-2')
  })

  it('JSON view applies valid JSON and shows a parse error with its line', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <Harness
        onChange={onChange}
        errors={[{ pointer: '/title', message: '标题过长', line: 3, column: 12 }]}
      />,
    )
    await user.click(screen.getByText('JSON 源码', { selector: '.ant-segmented-item-label' }))
    const area = screen.getByRole('textbox', { name: 'JSON 源码' }) as HTMLTextAreaElement
    expect(screen.getByText('第 3 行')).toBeInTheDocument()
    expect(screen.getByText('标题过长')).toBeInTheDocument()

    const edited = area.value.replace('"新春活动"', '"元宵活动"')
    fireEvent.change(area, { target: { value: edited } })
    expect(lastConfig(onChange).title).toBe('元宵活动')

    const calls = onChange.mock.calls.length
    fireEvent.change(area, { target: { value: edited.replace('"schemaVersion": 3,', '"schemaVersion": 3') } })
    expect(screen.getByRole('alert')).toHaveTextContent(/JSON 格式错误：第 3 行/)
    expect(onChange.mock.calls.length).toBe(calls)
  })

  it('preview gets a render message with the moment of the chosen phase', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const received = await readyFrame()
    await waitFor(() => expect(received.length).toBeGreaterThan(0))
    await user.click(screen.getByText('已结束', { selector: '.ant-radio-button-label' }))
    await waitFor(() =>
      expect(received.at(-1)!.data).toMatchObject({
        type: 'studio-preview:render',
        nowMs: Date.parse('2027-02-20T10:00:00+08:00'),
        loggedIn: true,
      }),
    )
    const message = received.at(-1)!.data as { config: PageConfig; markdown: Record<string, unknown> }
    expect(message.config.blocks).toHaveLength(3)
    await waitFor(() =>
      expect((received.at(-1)!.data as { markdown: Record<string, unknown> }).markdown).toHaveProperty(
        '意外身故 10 万元',
      ),
    )
    expect(received.at(-1)!.origin).toBe(window.location.origin)
  })

  it('a keystroke reaches the preview frame within its own event, before the editor re-renders', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const received = await readyFrame()
    await user.click(row('claim'))
    const input = await screen.findByDisplayValue('立即领取')
    await waitFor(() => expect(received.length).toBeGreaterThan(0))
    // No await: a posted message would arrive in a later task, after this assertion.
    fireEvent.change(input, { target: { value: '立即领取吧' } })
    const config = (received.at(-1)!.data as { config: PageConfig }).config
    expect(config.blocks[1]).toMatchObject({ text: '立即领取吧' })
  })

  it('keeps every key typed while the config catches up late, and shows an undo', async () => {
    // The keys below are one undo step because they come within 1.5 s of each other; a busy machine may type
    // slower than that. The clock stands still here (timers still run), so they always do.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const user = userEvent.setup()
    // The page screen applies edits as a transition: the config the workspace gets back lags behind the keys.
    const queue: PageConfig[] = []
    function Lagging() {
      const [config, setConfig] = useState(base)
      const release = () => {
        const next = queue.shift()
        if (next) setConfig(next)
      }
      return (
        <>
          <button onClick={release}>放行一次修改</button>
          <EditorWorkspace
            pageId="spring"
            config={config}
            errors={[]}
            onChange={(c) => queue.push(c)}
            uploadImage={async () => '/uploads/a.png'}
            compileMarkdown={async () => ({})}
          />
        </>
      )
    }
    const release = () => fireEvent.click(screen.getByRole('button', { name: '放行一次修改' }))
    render(<Lagging />)
    await user.click(row('claim'))
    const input = (await screen.findByDisplayValue('立即领取')) as HTMLInputElement
    await user.type(input, '吧吧')
    expect(input.value).toBe('立即领取吧吧')
    release()
    expect(input.value).toBe('立即领取吧吧')
    await user.type(input, '！')
    release()
    release()
    expect(input.value).toBe('立即领取吧吧！')
    expect(queue).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: /撤销/ }))
    release()
    expect(queue).toHaveLength(0)
    expect(input.value).toBe('立即领取')
  })
})
