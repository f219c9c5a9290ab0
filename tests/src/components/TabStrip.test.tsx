import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { TabStrip } from '../../../src/components/tabs/TabStrip'
import { Folds } from '../../../src/components/Folds'

const tabs = [
  { key: 'a', title: '产品详情', content: <p>详情内容</p> },
  {
    key: 'b',
    title: '保障条款',
    content: <Folds items={[{ key: '1', title: '第一条', content: '条款正文' }]} />,
  },
  { key: 'c', title: '常见问题', content: <p>问答内容</p> },
]

describe('TabStrip', () => {
  it('shows one panel at a time and switches on a tap', async () => {
    render(<TabStrip label="产品说明" tabs={tabs} />)
    expect(screen.getByRole('tab', { name: '产品详情' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('详情内容')).toBeVisible()
    expect(screen.getByText('问答内容')).not.toBeVisible()
    await userEvent.click(screen.getByRole('tab', { name: '常见问题' }))
    expect(screen.getByText('问答内容')).toBeVisible()
    expect(screen.getByText('详情内容')).not.toBeVisible()
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('常见问题')
  })

  it('moves between tabs with the arrow keys, Home and End, one tab in the tab order', async () => {
    render(<TabStrip label="产品说明" tabs={tabs} />)
    await userEvent.tab()
    expect(screen.getByRole('tab', { name: '产品详情' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '保障条款' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: '保障条款' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: '常见问题' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: '产品详情' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: '常见问题' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1)
  })

  it('opens a fold in place', async () => {
    render(<TabStrip label="产品说明" tabs={tabs} />)
    await userEvent.click(screen.getByRole('tab', { name: '保障条款' }))
    const fold = screen.getByText('第一条').closest('details')!
    expect(fold.open).toBe(false)
    await userEvent.click(screen.getByText('第一条'))
    expect(fold.open).toBe(true)
  })
})
