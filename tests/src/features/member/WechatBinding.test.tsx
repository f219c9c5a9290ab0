import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import UserInfoPage from '../../../../src/features/member/UserInfoPage'
import { documentNavigation } from '../../../../src/lib/documentNavigation'
import { nativeStore } from '../../../../src/state/native'
import { renderScreen, stubApi, tappable, type ApiAnswers } from '../../harness'
import { me } from './fixtures'

// 账户与安全's 微信 row: bound (with WeChat's nickname) and 解除绑定, or 未绑定; inside WeChat, binding and
// 使用微信头像昵称 go through WeChat's authorization. No row when the server has no WeChat settings.

const account: ApiAnswers = {
  'GET /api/me': me(),
  'GET /api/me/agreements': { items: [] },
  'GET /api/me/account': { deletionRequestedAt: null, deletionDueAt: null },
}
const configured = { oauth: true, jssdk: true, appToken: false }

afterEach(() => nativeStore.reset())

describe('/userInfo WeChat binding', () => {
  it('shows the binding and unbinds it after a confirm', async () => {
    let bound = true
    const api = stubApi({
      ...account,
      'GET /api/wechat/config': configured,
      'GET /api/me/wechat': () => ({ bound, nickname: bound ? '小国' : null }),
      'DELETE /api/me/wechat': () => {
        bound = false
        return { ok: true }
      },
    })
    const user = userEvent.setup()
    renderScreen(UserInfoPage, '/userInfo')
    const row = await screen.findByTestId('wechat-binding')
    expect(row).toHaveTextContent('已绑定（小国）')
    await user.click(within(row).getByRole('button', { name: '解除绑定' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('解除后，在微信中打开商城将不再自动登录')
    await user.click(await tappable(within(dialog).getByRole('button', { name: '解除绑定' })))
    await waitFor(() => expect(screen.getByTestId('wechat-binding')).toHaveTextContent('未绑定'))
    expect(api.callsTo('DELETE', '/api/me/wechat')).toHaveLength(1)
    expect(screen.getByTestId('wechat-binding')).toHaveTextContent('在微信中打开商城即可绑定')
  })

  it('inside WeChat, binds the current WeChat and asks for its avatar and nickname through the authorization', async () => {
    nativeStore.update({ inWechat: true })
    stubApi({
      ...account,
      'GET /api/wechat/config': configured,
      'GET /api/me/wechat': { bound: false, nickname: null },
    })
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {})
    renderScreen(UserInfoPage, '/userInfo')
    await userEvent.click(await screen.findByText('绑定当前微信'))
    await userEvent.click(screen.getByText('使用微信头像昵称'))
    const scopes = assign.mock.calls.map(([to]) => new URL(to, 'http://localhost').searchParams.get('scope'))
    expect(scopes).toEqual(['base', 'userinfo'])
    expect(new URL(assign.mock.calls[0][0], 'http://localhost').pathname).toBe('/api/wechat/oauth/start')
  })

  it('has no WeChat row when the server has no WeChat settings', async () => {
    const api = stubApi({
      ...account,
      'GET /api/wechat/config': { oauth: false, jssdk: false, appToken: false },
    })
    renderScreen(UserInfoPage, '/userInfo')
    await screen.findByTestId('user-info')
    expect(screen.queryByTestId('wechat-binding')).toBeNull()
    expect(api.callsTo('GET', '/api/me/wechat')).toHaveLength(0)
  })
})
