import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearToasts, message, notify, NotificationHost, toast } from '../../../src/components/notice'

afterEach(() => {
  act(() => clearToasts())
  vi.useRealTimers()
})

// Only timeouts are faked: antd-mobile animates with requestAnimationFrame, which must keep running.
const fakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

describe('notices', () => {
  // antd-mobile animates toasts with requestAnimationFrame, so these two run on the real clock.
  it('a toast stays 3 s by default', async () => {
    act(() => void toast('success', '保存成功'))
    expect(await screen.findByText('保存成功')).toBeInTheDocument()
    await act(() => sleep(2600))
    expect(screen.queryByText('保存成功')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('保存成功')).toBeNull(), { timeout: 1500 })
  })

  it('the short notice stays 1.5 s', async () => {
    act(() => void message('info', '已复制'))
    expect(await screen.findByText('已复制')).toBeInTheDocument()
    await act(() => sleep(1200))
    expect(screen.queryByText('已复制')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('已复制')).toBeNull(), { timeout: 1200 })
  })

  it('notifications appear at the top right, 24 px in, and close after 4.5 s', async () => {
    fakeTimeouts()
    render(<NotificationHost />)
    act(() => void notify('warning', '支付超时', '订单将在30分钟后关闭'))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('支付超时')
    expect(alert).toHaveClass('notification-warning')
    const host = alert.parentElement as HTMLElement
    expect(host.style.top).toBe('24px')
    expect(host.style.right).toBe('24px')
    act(() => void vi.advanceTimersByTime(4499))
    expect(screen.queryByRole('alert')).not.toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('every kind can be shown; loading notifications stay until closed', () => {
    fakeTimeouts()
    render(<NotificationHost />)
    let closers: Array<() => void> = []
    act(() => {
      closers = (['info', 'success', 'error', 'warning', 'loading'] as const).map((k) =>
        notify(k, `类型 ${k}`),
      )
    })
    expect(screen.getAllByRole('alert')).toHaveLength(5)
    act(() => void vi.advanceTimersByTime(10_000))
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByRole('alert')).toHaveTextContent('类型 loading')
    act(() => closers[4]())
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
