// Small defects of the generated forms a person notices: the map add button's name, a data source's key lost
// on Tab, the time picker's Enter, and a block's campaign error under its picker.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { BeijingDateTimePicker } from '../../../../src/studio/editor/fields'
import type { PageConfig, StudioConfigError } from '../../../../src/studio/editor/types'
import { readInlineStyles } from '../studioHarness'
import { WorkspaceHarness } from './workspaceHarness'

const page = {
  schemaVersion: 3,
  title: '新春活动',
  blocks: [
    { type: 'title', id: 'heading', text: '新春保障节' },
    { type: 'lottery', id: 'wheel', campaign: 'missing-draw' },
  ],
} as unknown as PageConfig

const lastConfig = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as PageConfig
const openPageSettings = async () =>
  fireEvent.click(await screen.findByRole('tab', { name: /^页面设置/ }, { timeout: 15_000 }))

describe('the generated forms', { timeout: 60_000 }, () => {
  it('name the add button of a map in words (添加数据源), not by its icon', async () => {
    readInlineStyles()
    render(<WorkspaceHarness initial={page} />)
    await openPageSettings()
    expect(await screen.findByRole('button', { name: '添加数据源' }, { timeout: 15_000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /plus-circle/ })).toBeNull()
  })

  it('keep a data source key typed and tabbed away from, and the 接口路径 typed next', async () => {
    readInlineStyles()
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<WorkspaceHarness initial={page} onChange={onChange} />)
    await openPageSettings()
    await user.click(await screen.findByRole('button', { name: '添加数据源' }, { timeout: 15_000 }))
    const key = await screen.findByLabelText(/的名称$/)
    await user.clear(key)
    await user.type(key, 'picks')
    await user.tab()
    expect(document.activeElement?.id).toMatch(/_get$/)
    await user.keyboard('/api/products')
    // Leaving the row names the source.
    await user.click(document.body)
    await waitFor(() =>
      expect((lastConfig(onChange) as { dataSources?: unknown }).dataSources).toEqual({
        picks: { get: '/api/products' },
      }),
    )
  })

  it("show an undeclared campaign's error under the block's campaign picker", async () => {
    readInlineStyles()
    const errors: StudioConfigError[] = [
      { pointer: '/blocks/1/campaign', message: '本页没有声明活动「missing-draw」', line: 1, column: 1 },
    ]
    render(<WorkspaceHarness initial={page} errors={errors} />)
    fireEvent.click(screen.getAllByRole('treeitem').find((r) => r.textContent?.includes('wheel'))!)
    const picker = await screen.findByLabelText(/抽奖活动编号/, {}, { timeout: 15_000 })
    const field = picker.closest('.studio-field') as HTMLElement
    expect(within(field).getByRole('alert').textContent).toBe('本页没有声明活动「missing-draw」')
    // Once, and the picker is marked.
    expect(screen.getAllByText('本页没有声明活动「missing-draw」')).toHaveLength(1)
    expect(field.querySelector('.ant-select-status-error')).toBeTruthy()
  })

  it('confirm a day picked in the time picker with Enter, and close it', async () => {
    readInlineStyles()
    const user = userEvent.setup()
    const onChange = vi.fn()
    function Picker() {
      const [value, setValue] = useState<string | undefined>('2027-01-20T10:00:00+08:00')
      return (
        <BeijingDateTimePicker
          value={value}
          onChange={(v) => {
            onChange(v)
            setValue(v)
          }}
        />
      )
    }
    render(<Picker />)
    const input = screen.getByPlaceholderText('选择时间（北京时间）')
    await user.click(input)
    const dropdown = () => document.querySelector('.ant-picker-dropdown')!
    await user.click(dropdown().querySelector('.ant-picker-cell-in-view[title="2027-01-15"]')!)
    expect(onChange).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('2027-01-15T10:00:00+08:00')
    await waitFor(() => expect(dropdown().className).toMatch(/leave|hidden/))
    expect((input as HTMLInputElement).value).toBe('2027-01-15 10:00:00')
  })
})
