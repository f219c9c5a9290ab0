import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppDownloadBlock } from '../../types/generated/page'
import { nativeStore } from '../../state/native'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'
import { platformOf } from './AppDownloadBlock'

// The download page offers the store of the visitor's phone, both on a computer, none inside WeChat (whose
// browser blocks downloads), and the inviting friend's code when the link carries one.

const block: AppDownloadBlock = {
  type: 'app-download',
  appName: '国恒保险',
  slogan: '保单、理赔、续保，一个 App 全搞定',
  ios: { href: 'https://apps.apple.com/cn/app/id6450000001' },
  android: { href: 'https://sj.qq.com/appdetail/com.guoheng.mall' },
  inviteCode: '{{query.inviter}}',
}

const stores = () => screen.queryAllByRole('link').map((a) => a.textContent)

function renderAs(device: string, userAgent: string, query = '') {
  nativeStore.update({ device })
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  const params = new URLSearchParams(query)
  return renderBlocks([block], {
    runtime: { text: (t) => t.replace('{{query.inviter}}', params.get('inviter') ?? '') },
  })
}

afterEach(() => {
  vi.restoreAllMocks()
  nativeStore.update({ device: '', isInApp: false })
})

describe('app-download block', () => {
  it('tells the platforms apart, WeChat before the phone it runs on', () => {
    expect(platformOf('ios', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0')).toBe('wechat')
    expect(platformOf('android', 'Mozilla/5.0 (Linux; Android 14)')).toBe('android')
    expect(platformOf('', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe('desktop')
  })

  it('offers only the App Store on an iPhone', async () => {
    renderAs('ios', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')
    await waitFor(() => expect(stores()).toEqual(['苹果版下载']))
    expect(screen.getByRole('link')).toHaveAttribute('href', block.ios.href)
  })

  it('offers only the Android store on an Android phone, and both with a hint on a computer', async () => {
    const { unmount } = renderAs('android', 'Mozilla/5.0 (Linux; Android 14)')
    await waitFor(() => expect(stores()).toEqual(['安卓版下载']))
    unmount()
    renderAs('desktop', 'Mozilla/5.0 (X11; Linux x86_64)')
    await screen.findByText('用手机打开本页即可下载对应版本')
    expect(stores()).toEqual(['苹果版下载', '安卓版下载'])
  })

  it('offers no download inside the company app', async () => {
    expect(platformOf('ios', 'Mozilla/5.0 (iPhone) GuohengApp/5.0', true)).toBe('app')
    nativeStore.update({ isInApp: true })
    renderAs(
      'ios',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) GuohengApp/5.0',
      '?inviter=AB12CD',
    )
    expect(await screen.findByTestId('app-download-in-app')).toHaveTextContent('无需再次下载')
    expect(stores()).toEqual([])
    expect(screen.getByTestId('app-download-invite')).toHaveTextContent('AB12CD')
  })

  it('asks to open the system browser inside WeChat instead of a store link', async () => {
    renderAs('android', 'Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.50')
    expect(await screen.findByTestId('app-download-wechat')).toHaveTextContent('在浏览器打开')
    expect(stores()).toEqual([])
  })

  it('shows a friend’s invite code from the link, and nothing for a malformed one', async () => {
    const { unmount } = renderAs('ios', 'iPhone', 'inviter=gh7k2q')
    const invite = await screen.findByTestId('app-download-invite')
    expect(within(invite).getByText('GH7K2Q')).toBeInTheDocument()
    unmount()
    renderAs('ios', 'iPhone', 'inviter=<script>')
    await screen.findByText('国恒保险')
    expect(screen.queryByTestId('app-download-invite')).toBeNull()
  })
})
