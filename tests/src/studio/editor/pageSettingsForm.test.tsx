// The 页面设置 tab reads like the rest of the form: the page-theme group says its name once, each of its colours
// says its name once, and an unset 布局 names the layout the page runs with instead of showing an empty box.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PageConfig } from '../../../../src/studio/editor/types'
import { readInlineStyles } from '../studioHarness'
import { WorkspaceHarness } from './workspaceHarness'

const page = {
  schemaVersion: 3,
  title: '新春活动',
  blocks: [{ type: 'title', id: 'heading', text: '新春保障节' }],
} as unknown as PageConfig

async function openPageSettings(): Promise<void> {
  fireEvent.click(await screen.findByRole('tab', { name: /^页面设置/ }, { timeout: 15_000 }))
  await screen.findByLabelText(/^页面标题/, {}, { timeout: 15_000 })
}

describe('the 页面设置 tab', { timeout: 60_000 }, () => {
  it('says 页面主题色 and each of its colours once', async () => {
    readInlineStyles()
    render(<WorkspaceHarness initial={page} />)
    await openPageSettings()
    await screen.findAllByText('页面主题色', {}, { timeout: 15_000 })
    expect(screen.getAllByText('页面主题色')).toHaveLength(1)
    expect(screen.getAllByText('页面背景色')).toHaveLength(1)
    // A description that says more than the label stays.
    expect(screen.getByText('主题色（按钮等强调色）')).toBeTruthy()
  })

  it('shows an unset 布局 as the layout the page runs with', async () => {
    readInlineStyles()
    render(<WorkspaceHarness initial={page} />)
    await openPageSettings()
    const layout = await screen.findByLabelText('布局', {}, { timeout: 15_000 })
    const select = layout.closest('.ant-select') as HTMLElement
    expect(select.querySelector('.ant-select-placeholder')?.textContent).toBe('区块间留边距（默认）')
  })
})
