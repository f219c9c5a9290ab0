import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NoticeBar } from '../../../src/components/notice-bar/NoticeBar'

// An announcement line: a text wider than the bar scrolls across it, one that fits stands still, and 关闭 hides
// the bar without counting as a tap on it.

/** jsdom lays nothing out: the bar is 300 px wide and its text `textWidth`. */
function layOut(textWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('adm-notice-bar-content')) return 300
    if (this.classList.contains('adm-notice-bar-content-inner')) return textWidth
    return 0
  })
}

const inner = () => document.querySelector<HTMLElement>('.adm-notice-bar-content-inner')!

describe('NoticeBar', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('scrolls a text wider than the bar after 2 s, at 50 px/s, and starts again from the right edge', () => {
    layOut(800)
    render(<NoticeBar content="春节期间理赔服务照常，客服热线 24 小时在线，欢迎咨询" />)
    expect(inner().style.transform).toBe('')
    act(() => vi.advanceTimersByTime(2000))
    expect(inner().style.transform).toBe('translateX(-800px)')
    expect(inner().style.transitionDuration).toBe('16s')
    fireEvent.transitionEnd(inner())
    expect(inner().style.transform).toBe('translateX(-800px)')
    expect(inner().style.transitionDuration).toBe('22s') // (300 + 800) px from the right edge
  })

  it('leaves a text that fits where it is, and a wrapped one too', () => {
    layOut(200)
    const { unmount } = render(<NoticeBar content="今日无公告" />)
    act(() => vi.advanceTimersByTime(5000))
    expect(inner().style.transform).toBe('')
    unmount()
    layOut(800)
    render(<NoticeBar wrap content="多行公告" />)
    act(() => vi.advanceTimersByTime(5000))
    expect(inner().style.transform).toBe('')
  })

  it('hides on 关闭 without the tap reaching what the bar does when tapped', () => {
    const onTap = vi.fn()
    render(
      <div onClick={onTap}>
        <NoticeBar closeable color="alert" content="活动即将结束" />
      </div>,
    )
    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(screen.queryByText('活动即将结束')).toBeNull()
    expect(onTap).not.toHaveBeenCalled()
  })
})
