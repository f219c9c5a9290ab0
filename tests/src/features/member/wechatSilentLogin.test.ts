import { describe, expect, it, vi } from 'vitest'
import { runWechatSilentLogin, type SilentLoginEnv } from '../../../../src/features/member/wechatSilentLogin'
import { me } from './fixtures'

// Inside WeChat a visitor who is not logged in goes through WeChat's silent authorization once per tab: not
// after logging out themselves, not when the server has no WeChat settings, not from the login screens.

function env(overrides: Partial<SilentLoginEnv> = {}) {
  let tab: string | null = null
  const made = {
    inWechat: true,
    loggedOutExplicitly: () => false,
    loggedInLocally: () => false,
    isLoginScreen: (pathname: string) => pathname === '/Login',
    location: () => ({
      pathname: '/activity/worldcup',
      search: '?utm_medium=share',
      returnTo: '/activity/worldcup?utm_medium=share',
    }),
    tab: { get: () => tab, set: (value: string) => void (tab = value) },
    oauthConfigured: vi.fn(async () => true),
    fetchMe: vi.fn(async () => null),
    loggedIn: vi.fn(),
    refreshSession: vi.fn(async () => {}),
    authorize: vi.fn(),
    ...overrides,
  } satisfies SilentLoginEnv
  return { env: made, tab: () => tab }
}

describe('WeChat silent login', () => {
  it('sends a logged-out visitor through the authorization once per tab, back to the same page', async () => {
    const { env: e, tab } = env()
    expect(await runWechatSilentLogin(e)).toBe('authorizing')
    expect(e.authorize).toHaveBeenCalledWith('/activity/worldcup?utm_medium=share')
    expect(tab()).toBe('sent')

    // Back from WeChat: the session the callback may have started is asked for, and the tab never goes again.
    expect(await runWechatSilentLogin(e)).toBe('returned')
    expect(e.refreshSession).toHaveBeenCalledOnce()
    expect(await runWechatSilentLogin(e)).toBe('tried-this-tab')
    expect(e.authorize).toHaveBeenCalledOnce()
  })

  it('never after the user logged out themselves', async () => {
    const { env: e, tab } = env({ loggedOutExplicitly: () => true })
    expect(await runWechatSilentLogin(e)).toBe('logged-out-explicitly')
    expect(e.oauthConfigured).not.toHaveBeenCalled()
    expect(e.authorize).not.toHaveBeenCalled()
    expect(tab()).toBeNull()
  })

  it('not when the server has no WeChat settings, nor outside WeChat', async () => {
    const { env: e } = env({ oauthConfigured: vi.fn(async () => false) })
    expect(await runWechatSilentLogin(e)).toBe('not-configured')
    expect(e.authorize).not.toHaveBeenCalled()
    const outside = env({ inWechat: false }).env
    expect(await runWechatSilentLogin(outside)).toBe('not-in-wechat')
    expect(outside.oauthConfigured).not.toHaveBeenCalled()
  })

  it('not from the login screen, nor from a page WeChat just answered (wechat=failed / wechat=bind)', async () => {
    const login = env({
      location: () => ({ pathname: '/Login', search: '?redirect=%2F', returnTo: '/Login?redirect=%2F' }),
    })
    expect(await runWechatSilentLogin(login.env)).toBe('not-here')
    const failed = env({
      location: () => ({
        pathname: '/userInfo',
        search: '?wechat=failed',
        returnTo: '/userInfo?wechat=failed',
      }),
    })
    expect(await runWechatSilentLogin(failed.env)).toBe('not-here')
    expect(login.env.authorize).not.toHaveBeenCalled()
    expect(failed.env.authorize).not.toHaveBeenCalled()
  })

  it('not for a user already logged in (locally, or by a session the stores did not know yet)', async () => {
    const local = env({ loggedInLocally: () => true })
    expect(await runWechatSilentLogin(local.env)).toBe('logged-in')
    expect(local.env.fetchMe).not.toHaveBeenCalled()
    const session = env({ fetchMe: vi.fn(async () => me()) })
    expect(await runWechatSilentLogin(session.env)).toBe('logged-in')
    expect(session.env.loggedIn).toHaveBeenCalledWith(me())
    expect(session.env.authorize).not.toHaveBeenCalled()
    expect(session.tab()).toBeNull()
  })
})
