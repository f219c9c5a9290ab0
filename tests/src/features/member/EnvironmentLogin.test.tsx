import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SWRConfig } from 'swr'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EnvironmentLogin } from '../../../../src/features/member/EnvironmentLogin'
import type { GuohengBridge } from '../../../../src/lib/nativeBridge'
import { swrConfig } from '../../../../src/lib/request'
import { nativeStore } from '../../../../src/state/native'
import { userStore } from '../../../../src/state/user'
import { apiError, stubApi, tappable } from '../../harness'
import { me } from './fixtures'

// Inside the company's app: the app's token logs the user in as the page starts; a new user first ticks the three
// login agreements (never pre-checked) on the consent sheet.

function renderLogin(search = '') {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <EnvironmentLogin landing={{ pathname: '/userInfo', search }} />
    </SWRConfig>,
  )
}

beforeEach(() => {
  sessionStorage.clear()
  userStore.reset()
  nativeStore.update({ isInApp: true, inWechat: false })
  window.GuohengBridge = {
    call: async (method: string) => (method === 'getToken' ? { token: 'app-token-1' } : {}),
  } as unknown as GuohengBridge
})
afterEach(() => {
  delete window.GuohengBridge
  nativeStore.reset()
  userStore.reset()
})

describe('in-app login by the app token', () => {
  it('logs a known user in at once', async () => {
    const api = stubApi({ 'POST /api/auth/app-token': { user: me(), isNewUser: false, wechatBound: false } })
    renderLogin()
    await waitFor(() => expect(userStore.state.id).toBe('u1'))
    expect(api.callsTo('POST', '/api/auth/app-token')[0].body).toEqual({ token: 'app-token-1' })
    expect(screen.queryByTestId('app-consent-sheet')).toBeNull()
  })

  it('asks a new user to tick the three agreements, then logs in with them', async () => {
    let consented = false
    const api = stubApi({
      'POST /api/auth/app-token': ({ body }) => {
        consented = Array.isArray((body as { agreements?: unknown }).agreements)
        return consented
          ? { user: me(), isNewUser: true, wechatBound: false }
          : apiError(
              400,
              'AGREEMENT_REQUIRED',
              '请阅读并同意隐私保护政策、个人敏感信息收集使用授权书、用户服务协议',
            )
      },
    })
    const user = userEvent.setup()
    renderLogin()
    const sheet = await screen.findByTestId('app-consent-sheet')
    expect(sheet).toHaveTextContent('您将使用国恒保险 App 的账号登录商城')
    const agree = await tappable(screen.getByRole('button', { name: '请先阅读并勾选以上协议' }))
    expect(agree).toBeDisabled()
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes).toHaveLength(2)
    for (const box of boxes) expect(box).not.toBeChecked()
    for (const box of boxes) await user.click(box)
    await user.click(screen.getByRole('button', { name: '同意并登录' }))
    await waitFor(() => expect(userStore.state.id).toBe('u1'))
    expect(api.callsTo('POST', '/api/auth/app-token').at(-1)?.body).toEqual({
      token: 'app-token-1',
      agreements: ['privacy', 'service', 'sensitive'],
    })
  })

  it('leaves the user logged out when they decline, and does not ask again in this tab', async () => {
    const api = stubApi({
      'POST /api/auth/app-token': apiError(400, 'AGREEMENT_REQUIRED', '请阅读并同意隐私保护政策'),
    })
    const user = userEvent.setup()
    const { unmount } = renderLogin()
    await user.click(await tappable(await screen.findByRole('button', { name: '暂不登录' })))
    expect(userStore.state.id).toBe('')
    unmount()
    renderLogin()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(api.callsTo('POST', '/api/auth/app-token')).toHaveLength(1)
  })

  it('does not use the token after the user logged out of the mall themselves', async () => {
    userStore.update({ unLoginF: true })
    const call = vi.fn(async () => ({ token: 'app-token-1' }))
    window.GuohengBridge = { call } as unknown as GuohengBridge
    const api = stubApi({})
    renderLogin()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(call).not.toHaveBeenCalled()
    expect(api.calls).toHaveLength(0)
  })

  it('says a WeChat authorization that just failed (wechat=failed), in a toast', async () => {
    nativeStore.update({ isInApp: false })
    stubApi({})
    renderLogin('?wechat=failed')
    expect(await screen.findByText('微信授权未完成，请稍后重试')).toBeInTheDocument()
  })
})
