import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareGuide } from '../../../../src/components/share/ShareGuide'
import type { GuohengBridge } from '../../../../src/lib/nativeBridge'
import { sharePage } from '../../../../src/components/share/sharePage'
import { nativeStore } from '../../../../src/state/native'

// A config page's share action: inside WeChat the guide to WeChat's own ··· menu, inside the company app its share
// panel with the page's card, elsewhere the system share sheet (or 复制链接).

const info = { title: '一起猜世界杯', desc: '猜中比分领好礼', image: '/activity/worldcup/share.png' }
const url = 'https://mall.example/activity/worldcup?utm_medium=share'

afterEach(() => {
  nativeStore.reset()
  delete window.GuohengBridge
})

describe('the share action', () => {
  it('shows the 点击右上角 ··· guide inside WeChat, closed by 我知道了', async () => {
    nativeStore.update({ inWechat: true })
    const share = vi.fn()
    vi.stubGlobal('navigator', { ...navigator, share })
    render(<ShareGuide />)
    await act(() => sharePage(info, url))
    const guide = screen.getByTestId('share-guide')
    expect(guide).toHaveTextContent('点击右上角 ··· 分享')
    expect(guide).toHaveTextContent('选择「发送给朋友」或「分享到朋友圈」')
    expect(share).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: '我知道了' }))
    expect(screen.queryByTestId('share-guide')).toBeNull()
  })

  it("hands the page's card to the app's share panel inside the app", async () => {
    nativeStore.update({ isInApp: true })
    const call = vi.fn(async () => ({ shared: true }))
    window.GuohengBridge = { call } as unknown as GuohengBridge
    render(<ShareGuide />)
    await act(() => sharePage(info, url))
    expect(call).toHaveBeenCalledWith('share', {
      title: '一起猜世界杯',
      desc: '猜中比分领好礼',
      link: url,
      imgUrl: 'https://mall.example/activity/worldcup/share.png',
    })
    expect(screen.queryByTestId('share-guide')).toBeNull()
  })

  it('uses the system share sheet elsewhere', async () => {
    const share = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, share })
    await sharePage(info, url)
    expect(share).toHaveBeenCalledWith({ title: '一起猜世界杯', text: '猜中比分领好礼', url })
  })
})
