import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearToasts } from '../../../../src/components/notice'
import LoginPage from '../../../../src/features/member/LoginPage'
import type { GuohengBridge } from '../../../../src/lib/nativeBridge'
import { userStore } from '../../../../src/state/user'
import { renderScreen, stubApi } from '../../harness'
import { me } from './fixtures'

// The login screen after WeChat's authorization found an unbound WeChat account (wechat=bind): it says the
// account will be bound, and says so once bound. Inside the company app, its account logs in with the same consent.

const tickBoth = async () => {
  for (const id of ['consent-privacy-service', 'consent-sensitive'])
    await userEvent.click(screen.getByTestId(id).querySelector('.adm-checkbox-icon')!)
}

beforeEach(() => userStore.reset())
afterEach(() => {
  act(() => clearToasts())
  userStore.reset()
  delete window.GuohengBridge
})

describe('login with a WeChat account waiting to be bound', () => {
  it('says the WeChat account will be bound, and that it was', async () => {
    stubApi({
      'GET /api/health': { status: 'ok', db: 'pglite', mode: 'production' },
      'POST /api/auth/login': { user: me(), isNewUser: false, wechatBound: true },
    })
    const router = renderScreen(LoginPage, '/Login?redirect=%2Factivity%2Fworldcup&wechat=bind')
    expect(screen.getByTestId('wechat-bind-notice')).toHaveTextContent('登录后将绑定当前微信')
    await userEvent.type(screen.getByRole('textbox', { name: '手机号' }), '13912340001')
    await userEvent.type(screen.getByRole('textbox', { name: '验证码' }), '123456')
    await tickBoth()
    await userEvent.click(screen.getByRole('button', { name: '登录' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/worldcup'))
    expect(await screen.findByText('登录成功，已绑定微信')).toBeInTheDocument()
  })

  it('shows no binding notice on a plain login', () => {
    stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'production' } })
    renderScreen(LoginPage, '/Login')
    expect(screen.queryByTestId('wechat-bind-notice')).toBeNull()
    expect(screen.queryByRole('button', { name: 'App 账号一键登录' })).toBeNull()
  })
})

describe('login inside the company app', () => {
  it("logs in with the app's account once the agreements are ticked", async () => {
    window.GuohengBridge = {
      call: async (method: string) => (method === 'getToken' ? { token: 'app-token-1' } : {}),
    } as unknown as GuohengBridge
    const api = stubApi({
      'GET /api/health': { status: 'ok', db: 'pglite', mode: 'production' },
      'POST /api/auth/app-token': { user: me(), isNewUser: true, wechatBound: false },
    })
    const router = renderScreen(LoginPage, '/Login?redirect=%2Fuser')
    const appLogin = await screen.findByRole('button', { name: 'App 账号一键登录' })
    expect(appLogin).toBeDisabled()
    await tickBoth()
    await userEvent.click(appLogin)
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
    expect(api.callsTo('POST', '/api/auth/app-token')[0].body).toEqual({
      token: 'app-token-1',
      agreements: ['privacy', 'service', 'sensitive'],
    })
    expect(userStore.state.id).toBe('u1')
  })
})
