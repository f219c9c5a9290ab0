import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { get, post } from '../../../../src/lib/request'
import { applyLoggedOut, rememberedPhone, sessionExpired } from '../../../../src/features/member/session'
import { installUnauthorizedRedirect } from '../../../../src/features/member/unauthorizedHandler'
import { userStore } from '../../../../src/state/user'

// A 401 ends the local session and sends the user to login. When this browser was logged in, the session
// expired: the login path says so (reason=expired) and the stores keep the phone number for the login screen.

function fakeRouter(pathname: string, search = '') {
  const navigations: string[] = []
  return {
    navigations,
    router: {
      location: () => ({ pathname, search }),
      navigate: (to: string) => void navigations.push(to),
    },
  }
}

function answer401() {
  globalThis.fetch = (async () =>
    new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: '请先登录' } }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch
}

const loggedIn = () =>
  userStore.update({
    id: 'u1',
    userInfo: { id: 'u1', phone: '13912340001', nickname: '用户0001' },
    certiNo: '',
    unLoginF: false,
  })

let uninstall = () => {}
beforeEach(() => {
  userStore.reset()
  answer401()
})
afterEach(() => {
  uninstall()
  userStore.reset()
})

describe('a 401 from the API', () => {
  it('for a logged-in user: login says the session expired, and only the phone is kept', async () => {
    loggedIn()
    const { router, navigations } = fakeRouter('/orders', '?tab=unpaid')
    uninstall = installUnauthorizedRedirect(router)
    await expect(get('/api/orders', { cache: false })).rejects.toThrow()
    expect(navigations).toEqual(['/Login?redirect=%2Forders%3Ftab%3Dunpaid&reason=expired'])
    expect(userStore.state).toMatchObject({ id: '', certiNo: '', unLoginF: false })
    expect(userStore.state.userInfo).toEqual({ phone: '13912340001' })
    expect(sessionExpired()).toBe(true)
    expect(rememberedPhone()).toBe('13912340001')
  })

  it('stays inside the in-app layout', async () => {
    loggedIn()
    const { router, navigations } = fakeRouter('/app/authentication')
    uninstall = installUnauthorizedRedirect(router)
    await expect(post('/api/me/real-name', { name: '张三', idNumber: 'x' })).rejects.toThrow()
    expect(navigations).toEqual(['/app/Login?redirect=%2Fapp%2Fauthentication&reason=expired'])
  })

  it('for a visitor who never logged in: plain login, no expiry message', async () => {
    const { router, navigations } = fakeRouter('/policy')
    uninstall = installUnauthorizedRedirect(router)
    await expect(get('/api/policies', { cache: false })).rejects.toThrow()
    expect(navigations).toEqual(['/Login?redirect=%2Fpolicy'])
    expect(sessionExpired()).toBe(false)
  })

  it('parallel 401s all carry the reason (the last navigation wins)', async () => {
    loggedIn()
    const { router, navigations } = fakeRouter('/policy')
    uninstall = installUnauthorizedRedirect(router)
    await Promise.allSettled([get('/api/policies', { cache: false }), get('/api/orders', { cache: false })])
    expect(navigations).toHaveLength(2)
    for (const to of navigations) expect(to).toMatch(/&reason=expired$/)
  })

  it('from the /api/me probe: no navigation, but the expiry is remembered for 我的 and login', async () => {
    loggedIn()
    const { router, navigations } = fakeRouter('/user')
    uninstall = installUnauthorizedRedirect(router)
    await expect(get('/api/me', { cache: false })).rejects.toThrow()
    expect(navigations).toEqual([])
    expect(sessionExpired()).toBe(true)
  })

  it('after an explicit logout nothing is kept, so no expiry is claimed', async () => {
    loggedIn()
    applyLoggedOut(true)
    expect(userStore.state.userInfo).toEqual({})
    const { router, navigations } = fakeRouter('/orders')
    uninstall = installUnauthorizedRedirect(router)
    await expect(get('/api/orders', { cache: false })).rejects.toThrow()
    expect(navigations).toEqual(['/Login?redirect=%2Forders'])
  })
})
