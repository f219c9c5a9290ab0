import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import UserInfoPage from '../../../../src/features/member/UserInfoPage'
import ProtocolPage from '../../../../src/features/protocol/ProtocolPage'
import { trackFunnel } from '../../../../src/lib/analytics'
import { apiError, renderScreen, stubApi } from '../../harness'
import { me } from '../../features/member/fixtures'
import { countingOn, resetVisibility, setNavigator, setVisibility } from './support'

// The 统计分析 switch: on /userInfo (账户与安全), and under the privacy policy for everyone (a visitor not logged
// in is sent to login from /userInfo; the login screen links the policy). Off writes the analytics_off cookie and forgets what was waiting; on clears it; a browser with
// Do Not Track shows it off and fixed. (Runs in web-isolated: the tracker is one per page, as in a browser.)

const switchOff = () => document.cookie.split(/;\s*/).includes('analytics_off=1')
const account = { deletionRequestedAt: null, deletionDueAt: null }

let restore: (() => void)[] = []
beforeEach(() => countingOn())
afterEach(() => {
  restore.forEach((r) => r())
  restore = []
  resetVisibility()
})

describe('the 统计分析 switch', () => {
  it('on /userInfo: turning it off writes the cookie and drops what waits; on clears the cookie', async () => {
    const beacon = vi.fn(() => true)
    restore.push(setNavigator('sendBeacon', beacon))
    stubApi({ 'GET /api/me': me(), 'GET /api/me/agreements': { items: [] }, 'GET /api/me/account': account })
    renderScreen(UserInfoPage, '/userInfo')
    const settings = await screen.findByText('隐私设置')
    const toggle = within(settings.closest('.adm-list') as HTMLElement).getByRole('switch', {
      name: '统计分析',
    })
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByText(/不记录手机号、姓名或证件号/)).toBeInTheDocument()

    // A funnel step noted, then counting turned off before it was sent: it never leaves.
    trackFunnel('product', 'p-medical-million')
    const user = userEvent.setup()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(switchOff()).toBe(true)
    trackFunnel('notice', 'p-medical-million')
    await new Promise((resolve) => setTimeout(resolve, 400))
    setVisibility('hidden')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(beacon).not.toHaveBeenCalled()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(switchOff()).toBe(false)
  })

  it('on /userInfo when the account cannot load: it lives in the browser', async () => {
    const down = apiError(503, 'SERVICE_UNAVAILABLE', '服务暂时不可用')
    stubApi({ 'GET /api/me': down, 'GET /api/me/agreements': down, 'GET /api/me/account': down })
    renderScreen(UserInfoPage, '/userInfo')
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('switch', { name: '统计分析' }))
    expect(switchOff()).toBe(true)
  })

  it('shows off and fixed when the browser says Do Not Track', async () => {
    restore.push(setNavigator('doNotTrack', '1'))
    stubApi({ 'GET /api/me': me(), 'GET /api/me/agreements': { items: [] }, 'GET /api/me/account': account })
    renderScreen(UserInfoPage, '/userInfo')
    const toggle = await screen.findByRole('switch', { name: '统计分析' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(toggle).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByText(/您的浏览器已开启“请勿追踪”/)).toBeInTheDocument()
  })

  it('under the privacy policy, whose 统计分析 section explains it', async () => {
    renderScreen(ProtocolPage, '/protocol/privacy')
    expect(await screen.findByRole('heading', { name: '八、统计分析' })).toBeInTheDocument()
    expect(screen.getByText(/逐条的统计记录保存180天后删除/)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('switch', { name: '统计分析' }))
    await waitFor(() => expect(switchOff()).toBe(true))
  })
})
