import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CapsuleTabs, Tabs } from '../../../src/components/tabs/Tabs'
import { Folds } from '../../../src/components/Folds'

function ProductLike() {
  return (
    <Tabs aria-label="产品说明">
      <Tabs.Tab key="a" title="产品详情" forceRender>
        <p>详情内容</p>
      </Tabs.Tab>
      <Tabs.Tab key="b" title="保障条款" forceRender>
        <Folds items={[{ key: '1', title: '第一条', content: '条款正文' }]} />
      </Tabs.Tab>
      <Tabs.Tab key="c" title="常见问题" forceRender>
        <p>问答内容</p>
      </Tabs.Tab>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('shows one panel at a time and switches on a tap', async () => {
    render(<ProductLike />)
    expect(screen.getByRole('tab', { name: '产品详情' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('详情内容')).toBeVisible()
    // forceRender: every panel is in the document from the start (the server's HTML holds them).
    expect(screen.getByText('问答内容')).not.toBeVisible()
    await userEvent.click(screen.getByRole('tab', { name: '常见问题' }))
    expect(screen.getByText('问答内容')).toBeVisible()
    expect(screen.getByText('详情内容')).not.toBeVisible()
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('常见问题')
    expect(screen.getByRole('tablist')).toHaveAccessibleName('产品说明')
  })

  it('moves between tabs with the arrow keys, Home and End, one tab in the tab order', async () => {
    render(<ProductLike />)
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
    render(<ProductLike />)
    await userEvent.click(screen.getByRole('tab', { name: '保障条款' }))
    const fold = screen.getByText('第一条').closest('details')!
    expect(fold.open).toBe(false)
    await userEvent.click(screen.getByText('第一条'))
    expect(fold.open).toBe(true)
  })

  it('renders a panel when first shown and keeps it, with what the visitor did there, after', async () => {
    function Draw() {
      const [draws, setDraws] = useState(0)
      return (
        <button type="button" onClick={() => setDraws((n) => n + 1)}>
          已抽 {draws} 次
        </button>
      )
    }
    render(
      <Tabs>
        <Tabs.Tab key="rules" title="活动规则">
          <p>规则</p>
        </Tabs.Tab>
        <Tabs.Tab key="draw" title="去抽奖">
          <Draw />
        </Tabs.Tab>
      </Tabs>,
    )
    expect(screen.queryByRole('button', { name: /已抽/ })).toBeNull()
    await userEvent.click(screen.getByRole('tab', { name: '去抽奖' }))
    await userEvent.click(screen.getByRole('button', { name: '已抽 0 次' }))
    await userEvent.click(screen.getByRole('tab', { name: '活动规则' }))
    expect(screen.getByText('规则')).toBeVisible()
    expect(screen.getByRole('button', { name: '已抽 1 次', hidden: true })).not.toBeVisible()
    await userEvent.click(screen.getByRole('tab', { name: '去抽奖' }))
    expect(screen.getByRole('button', { name: '已抽 1 次' })).toBeVisible()
  })

  it('as a filter row follows the screen’s own state, and says which tab was tapped', async () => {
    const onChange = vi.fn()
    function Filter() {
      const [status, setStatus] = useState('all')
      return (
        <>
          <Tabs
            activeKey={status}
            onChange={(key) => {
              onChange(key)
              setStatus(key)
            }}
          >
            <Tabs.Tab key="all" title="全部" />
            {['paid', 'refunded'].map((s) => (
              <Tabs.Tab key={s} title={s === 'paid' ? '已支付' : '已退款'} />
            ))}
          </Tabs>
          <p>当前：{status}</p>
        </>
      )
    }
    render(<Filter />)
    expect(screen.queryByRole('tabpanel')).toBeNull()
    await userEvent.click(screen.getByRole('tab', { name: '已退款' }))
    expect(onChange).toHaveBeenCalledWith('refunded')
    expect(screen.getByText('当前：refunded')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: '已退款' })).toHaveAttribute('aria-selected', 'true')
    // Tapping the tab already shown changes nothing.
    await userEvent.click(screen.getByRole('tab', { name: '已退款' }))
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('shows the tab the screen says even when it never tapped one (a link with ?status=…)', () => {
    render(
      <Tabs activeKey="b">
        <Tabs.Tab key="a" title="甲" />
        <Tabs.Tab key="b" title="乙" />
      </Tabs>,
    )
    expect(screen.getByRole('tab', { name: '乙' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: '甲' })).toHaveAttribute('aria-selected', 'false')
  })

  it('as capsules switches the same way, the active capsule marked', async () => {
    const onChange = vi.fn()
    render(
      <CapsuleTabs activeKey="" onChange={onChange}>
        <CapsuleTabs.Tab key="" title="综合" />
        <CapsuleTabs.Tab key="price" title="价格" />
      </CapsuleTabs>,
    )
    expect(screen.getByRole('tab', { name: '综合' })).toHaveClass('adm-capsule-tabs-tab-active')
    await userEvent.click(screen.getByRole('tab', { name: '价格' }))
    expect(onChange).toHaveBeenCalledWith('price')
  })
})
