import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildRouteObjects } from '../../../../src/app/router'
import { screenRoutes } from '../../../../src/app/routes'
import UserPage from '../../../../src/features/member/UserPage'
import { SERVICE_ENTRIES } from '../../../../src/features/member/userEntries'
import { userStore } from '../../../../src/state/user'
import { renderAppRoutes, renderScreen, reply, stubApi } from '../../harness'
import { me } from './fixtures'

const overview = {
  orders: { PENDING_PAYMENT: 1, PAID: 1, ISSUED: 2, CLOSED: 4, PAY_FAILED: 2, SURRENDERED: 0 },
  policies: { PENDING_EFFECTIVE: 1, IN_FORCE: 2, EXPIRED: 1, SURRENDERED: 0 },
}
const noOverview = {
  orders: { PENDING_PAYMENT: 0, PAID: 0, ISSUED: 0, CLOSED: 0, PAY_FAILED: 0, SURRENDERED: 0 },
  policies: { PENDING_EFFECTIVE: 0, IN_FORCE: 0, EXPIRED: 0, SURRENDERED: 0 },
}

const unauthenticated = () => reply(401, { error: { code: 'UNAUTHENTICATED', message: '请先登录' } })

// The screens that exist today in this harness; the entries for the others must not show.
const BUILT = ['/orders', '/policy', '/familyManage/list', '/authentication', '/shopping']

/** /user inside a data router whose table has the given screens (each renders its path). */
const renderUser = (paths: string[] = BUILT, at = '/user') => renderScreen(UserPage, at, '/user', paths)

const at = (router: ReturnType<typeof renderUser>) =>
  router.state.location.pathname + router.state.location.search

/** Emoji and pictographs render as empty boxes without an emoji font: none may be drawn. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u

beforeEach(() => userStore.reset())
afterEach(() => userStore.reset())

describe('我的 (logged in)', () => {
  it('shows the avatar, nickname, masked phone and a 去实名 link', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    const router = renderUser()
    expect(await screen.findByText('用户0001')).toBeInTheDocument()
    expect(screen.getByTestId('user-phone')).toHaveTextContent('139****0001')
    const avatar = screen.getByTestId('user-avatar')
    expect(avatar).toHaveAttribute('src', '/images/avatar-default.svg')
    expect(screen.getByTestId('user-page').textContent).not.toMatch(PICTOGRAPH)

    await userEvent.click(screen.getByRole('button', { name: /去实名/ }))
    expect(at(router)).toBe('/authentication')
  })

  it('says 已实名 for a verified user and shows their own avatar', async () => {
    stubApi({
      'GET /api/me': me({
        avatar: '/uploads/a.png',
        realName: {
          name: '*三',
          idNumber: '1101**********8515',
          verifiedAt: '2026-11-22T12:00:00.000+08:00',
        },
      }),
      'GET /api/me/overview': overview,
    })
    renderUser()
    expect(await screen.findByTestId('user-realname')).toHaveTextContent('已实名')
    expect(screen.queryByText('去实名')).toBeNull()
    expect(screen.getByTestId('user-avatar')).toHaveAttribute('src', '/uploads/a.png')
  })

  it('counts orders per /orders tab and policies from the server; each opens its list', async () => {
    const calls = stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    const router = renderUser()
    // 待支付 = PENDING_PAYMENT + PAY_FAILED, 已承保 = PAID + ISSUED (ORDER_TABS)
    const unpaid = await screen.findByTestId('order-shortcut-unpaid')
    await waitFor(() => expect(unpaid).toHaveAccessibleName('待支付，3个订单'))
    expect(screen.getByTestId('order-shortcut-issued')).toHaveAccessibleName('已承保，3个订单')
    expect(screen.getByTestId('order-shortcut-closed')).toHaveAccessibleName('已关闭，4个订单')
    expect(screen.getByTestId('order-shortcut-surrendered')).toHaveAccessibleName('已退保')
    expect(within(unpaid).getByText('3')).toBeInTheDocument()
    expect(screen.getByTestId('policy-stat-in-force')).toHaveTextContent('2保障中')
    expect(screen.getByTestId('policy-stat-pending')).toHaveTextContent('1待生效')
    expect(screen.getByTestId('policy-stat-all')).toHaveTextContent('4全部保单')
    expect(calls.requested).toContain('/api/me/overview')

    await userEvent.click(unpaid)
    expect(at(router)).toBe('/orders?tab=unpaid')
  })

  it.each([
    ['order-shortcut-issued', '/orders?tab=issued'],
    ['order-shortcut-closed', '/orders?tab=closed'],
    ['order-shortcut-surrendered', '/orders?tab=surrendered'],
    ['policy-stat-in-force', '/policy?status=IN_FORCE'],
    ['policy-stat-all', '/policy'],
    ['user-entry-family', '/familyManage/list'],
  ])('%s opens %s', async (testId, path) => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    const router = renderUser()
    await userEvent.click(await screen.findByTestId(testId))
    expect(at(router)).toBe(path)
    expect(screen.getByTestId('screen')).toHaveTextContent(path.split('?')[0])
  })

  it('opens 全部订单', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    const router = renderUser()
    await userEvent.click(await screen.findByRole('button', { name: '全部订单' }))
    expect(at(router)).toBe('/orders')
  })

  it('hides entries whose screens are not in the route table, and shows them once they are', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    renderUser()
    await screen.findByText('用户0001')
    expect(screen.getByTestId('user-entry-policy')).toHaveTextContent('我的保单')
    expect(screen.getByTestId('user-entry-family')).toHaveTextContent('家庭成员')
    for (const key of ['claims', 'points', 'messages', 'service', 'feedback'])
      expect(screen.queryByTestId(`user-entry-${key}`), key).toBeNull()
  })

  it('shows an entry as soon as its screen is registered', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    const router = renderUser([...BUILT, '/claim/claimList', '/points'])
    await userEvent.click(await screen.findByTestId('user-entry-claims'))
    expect(at(router)).toBe('/claim/claimList')
    expect(screen.queryByTestId('user-entry-messages')).toBeNull()
  })

  it('without an orders or policies screen, draws neither and does not ask for the counts', async () => {
    const calls = stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': overview })
    renderUser(['/authentication'])
    await screen.findByText('用户0001')
    expect(screen.queryByTestId('order-shortcut-unpaid')).toBeNull()
    expect(screen.queryByTestId('policy-stat-all')).toBeNull()
    expect(screen.queryByText('我的服务')).toBeNull()
    expect(calls.requested).not.toContain('/api/me/overview')
  })

  it('says the counts are loading', async () => {
    // The counts never arrive.
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': () => new Promise(() => {}) })
    renderUser()
    expect(await screen.findByText('正在加载保单与订单数…')).toBeInTheDocument()
    expect(screen.getByTestId('policy-stat-in-force')).toHaveTextContent('-保障中')
    // The shortcuts work while the counts load.
    expect(screen.getByTestId('order-shortcut-unpaid')).toHaveAccessibleName('待支付')
  })

  it('says the counts failed, in Chinese, and retries', async () => {
    let fail = true
    stubApi({
      'GET /api/me': me(),
      'GET /api/me/overview': () =>
        fail ? reply(500, { error: { code: 'INTERNAL', message: '服务器开小差了' } }) : overview,
    })
    renderUser()
    expect(await screen.findByText(/保单与订单数加载失败/)).toHaveTextContent('服务器开小差了')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.getByTestId('policy-stat-in-force')).toHaveTextContent('2保障中'))
    expect(screen.queryByText(/加载失败/)).toBeNull()
  })

  it('with no policies yet, invites to shop', async () => {
    stubApi({ 'GET /api/me': me(), 'GET /api/me/overview': noOverview })
    const router = renderUser()
    expect(await screen.findByText(/暂无保单/)).toBeInTheDocument()
    expect(screen.getByTestId('order-shortcut-unpaid')).toHaveAccessibleName('待支付')
    expect(screen.getByTestId('policy-stat-all')).toHaveTextContent('0全部保单')
    await userEvent.click(screen.getByRole('button', { name: '去逛逛' }))
    expect(at(router)).toBe('/shopping')
  })
})

describe('我的 (logged out)', () => {
  it('is a clear 登录/注册 entry and asks for no counts', async () => {
    const calls = stubApi({ 'GET /api/me': unauthenticated })
    const router = renderUser()
    expect(await screen.findByText('登录后查看订单、保单与专属权益')).toBeInTheDocument()
    expect(screen.getByTestId('user-avatar')).toHaveAttribute('src', '/images/avatar-default.svg')
    expect(screen.getByTestId('user-page').textContent).not.toMatch(PICTOGRAPH)
    await userEvent.click(screen.getByRole('button', { name: '登录/注册' }))
    expect(at(router)).toBe('/Login?redirect=%2Fuser')
    expect(calls.requested).not.toContain('/api/me/overview')
  })

  it('after a session expired, says so and takes the reason to login', async () => {
    // What the stores hold once a 401 ended a session by itself: only the phone number.
    userStore.update({ id: '', userInfo: { phone: '13912340001' }, unLoginF: false })
    stubApi({ 'GET /api/me': unauthenticated })
    const router = renderUser()
    expect(await screen.findByText('登录已过期，请重新登录')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '登录/注册' }))
    expect(at(router)).toBe('/Login?redirect=%2Fuser&reason=expired')
  })
})

describe('我的 in the app’s route table', () => {
  it('shows exactly the entries whose screens the route table has', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/me/overview': overview,
      'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' },
    })
    await renderAppRoutes(buildRouteObjects(screenRoutes), '/user')
    expect(await screen.findByText('用户0001')).toBeInTheDocument()
    for (const entry of SERVICE_ENTRIES) {
      const registered = screenRoutes.some((route) => route.path === entry.path)
      if (registered) expect(screen.getByTestId(`user-entry-${entry.key}`), entry.path).toBeVisible()
      else expect(screen.queryByTestId(`user-entry-${entry.key}`), entry.path).toBeNull()
    }
  })
})
