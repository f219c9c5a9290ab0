import { Component, type ReactNode } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { EmptyView, ErrorView } from '../../../src/components/StatusViews'

// Offline: the illustrations' chunks cannot load.
vi.mock('antd-mobile/es/components/error-block/images/default', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})
vi.mock('antd-mobile/es/components/error-block/images/empty', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <p>页面出错了</p> : this.props.children
  }
}

async function settled() {
  await act(async () => {
    await vi.dynamicImportSettled()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

describe('status views offline', () => {
  it('the error view shows its message and 重试 when no chunk can load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <Boundary>
        <ErrorView error={new TypeError('Failed to fetch')} onRetry={() => {}} />
      </Boundary>,
    )
    await settled()
    expect(screen.queryByText('页面出错了')).toBeNull()
    expect(screen.getByText('网络异常，请检查网络后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('the empty view shows its text without its illustration when that cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <Boundary>
        <EmptyView title="暂无订单" />
      </Boundary>,
    )
    await settled()
    expect(screen.queryByText('页面出错了')).toBeNull()
    expect(screen.getByText('暂无订单')).toBeInTheDocument()
  })
})
