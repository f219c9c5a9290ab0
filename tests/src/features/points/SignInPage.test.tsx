import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import PointsPage from '../../../../src/features/points/PointsPage'
import SignInPage from '../../../../src/features/points/SignInPage'
import type { SignInStatus } from '../../../../src/types/generated/api/points'
import { apiError, renderScreen, stubApi } from '../../harness'

// /signIn and the 积分 tab against the API stub: the streak, the ladder, the month's calendar, one tap to sign
// in (disabled while it is sent and once signed), and the logged-out 积分 tab.
const LADDER = [5, 5, 10, 10, 15, 15, 50]

function status(overrides: Partial<SignInStatus> = {}): SignInStatus {
  return {
    today: '2026-11-25',
    signedToday: false,
    streak: 2,
    month: '2026-11',
    signedDays: ['2026-11-23', '2026-11-24'],
    ladder: LADDER,
    todayReward: 10,
    tomorrowReward: 10,
    cycleBeans: 20,
    usable: 10,
    ...overrides,
  }
}

describe('/signIn', () => {
  it('shows the streak, the ladder and the calendar, signs in once and then says so', async () => {
    let signed = false
    const api = stubApi({
      'GET /api/sign-in': () =>
        signed
          ? status({
              signedToday: true,
              streak: 3,
              signedDays: ['2026-11-23', '2026-11-24', '2026-11-25'],
              usable: 20,
            })
          : status(),
      'POST /api/sign-in': () => {
        signed = true
        return { day: '2026-11-25', streak: 3, reward: 10, beans: 0, usable: 20 }
      },
      'GET /api/points': {
        point: { usable: 20, frozen: 0 },
        bean: { usable: 0, frozen: 0 },
        monthGain: 20,
        monthSpend: 0,
        expiring: null,
      },
    })
    renderScreen(SignInPage, '/signIn')
    expect(await screen.findByTestId('sign-in-streak')).toHaveTextContent('已连续签到 2 天')
    const calendar = screen.getByRole('grid', { name: '2026年11月签到日历' })
    expect(within(calendar).getByRole('gridcell', { name: '24日，已签到' })).toBeInTheDocument()
    expect(within(calendar).getByRole('gridcell', { name: '25日，今天' })).toBeInTheDocument()
    const ladder = screen.getByRole('list', { name: '连续签到奖励' })
    expect(within(ladder).getAllByRole('listitem')).toHaveLength(7)
    expect(within(ladder).getAllByRole('listitem')[6]).toHaveTextContent('+50+20金豆第7天')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '签到领 10 积分' }))
    expect(await screen.findByRole('button', { name: '今日已签到，明天可领 10 积分' })).toBeDisabled()
    expect(screen.getByTestId('sign-in-streak')).toHaveTextContent('已连续签到 3 天')
    expect(within(calendar).getByRole('gridcell', { name: '25日，已签到，今天' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/sign-in')).toHaveLength(1)
  })

  it('asks for earlier months and never beyond this one', async () => {
    const api = stubApi({
      'GET /api/sign-in': (call) =>
        call.query.get('month') === '2026-10'
          ? status({ month: '2026-10', signedDays: ['2026-10-31'] })
          : status(),
    })
    renderScreen(SignInPage, '/signIn')
    expect(await screen.findByRole('button', { name: '下个月' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: '上个月' }))
    expect(await screen.findByRole('grid', { name: '2026年10月签到日历' })).toBeInTheDocument()
    expect(api.requested).toContain('/api/sign-in?month=2026-10')
  })

  it('says what went wrong when the calendar cannot load', async () => {
    stubApi({ 'GET /api/sign-in': apiError(500, 'INTERNAL', '服务器开小差了，请稍后再试') })
    renderScreen(SignInPage, '/signIn')
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument()
  })
})

describe('/points', () => {
  it('offers login to a logged-out visitor and asks for no points', async () => {
    const api = stubApi({ 'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录') })
    renderScreen(PointsPage, '/points')
    expect(await screen.findByRole('button', { name: '登录/注册' })).toBeInTheDocument()
    expect(api.requested.filter((r) => r.startsWith('/api/points'))).toEqual([])
  })
})
