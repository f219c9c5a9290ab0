import { describe, expect, it, vi } from 'vitest'
import { runAppTokenLogin, type AppTokenLoginEnv } from '../../../../src/features/member/appTokenLogin'
import { HttpError } from '../../../../src/lib/request'
import { me } from './fixtures'

// Inside the company's app its token logs the user in, once per tab; a user without the login agreements is
// asked for them first (the sheet), and the same token then logs in with them.

const agreementRequired = new HttpError(
  400,
  { error: { code: 'AGREEMENT_REQUIRED', message: '请阅读并同意隐私保护政策' } },
  '/api/auth/app-token',
  'POST',
)

function env(overrides: Partial<AppTokenLoginEnv> = {}) {
  let tab: string | null = null
  return {
    isInApp: true,
    loggedOutExplicitly: () => false,
    tab: { get: () => tab, set: (value: string) => void (tab = value) },
    getToken: vi.fn(async () => 'app-token-1'),
    login: vi.fn(async () => ({ user: me(), isNewUser: false, wechatBound: false })),
    loggedIn: vi.fn(),
    ...overrides,
  } satisfies AppTokenLoginEnv
}

describe('app token login', () => {
  it("logs in with the app's token once per tab", async () => {
    const e = env()
    expect(await runAppTokenLogin(e)).toEqual({ kind: 'logged-in', user: me() })
    expect(e.login).toHaveBeenCalledWith({ token: 'app-token-1' })
    expect(e.loggedIn).toHaveBeenCalledWith(me())
    expect(await runAppTokenLogin(e)).toEqual({ kind: 'skipped' })
    expect(e.getToken).toHaveBeenCalledOnce()
  })

  it('asks a new user to consent, then logs in with the agreements they ticked', async () => {
    const login = vi
      .fn<AppTokenLoginEnv['login']>()
      .mockRejectedValueOnce(agreementRequired)
      .mockResolvedValueOnce({ user: me(), isNewUser: true, wechatBound: false })
    const e = env({ login })
    const outcome = await runAppTokenLogin(e)
    expect(outcome.kind).toBe('needs-consent')
    expect(e.loggedIn).not.toHaveBeenCalled()
    if (outcome.kind !== 'needs-consent') return
    await outcome.finish(['privacy', 'service', 'sensitive'])
    expect(login).toHaveBeenLastCalledWith({
      token: 'app-token-1',
      agreements: ['privacy', 'service', 'sensitive'],
    })
    expect(e.loggedIn).toHaveBeenCalledWith(me())
  })

  it('not outside the app, not after an explicit logout, and not when the app has nobody logged in', async () => {
    const outside = env({ isInApp: false })
    expect(await runAppTokenLogin(outside)).toEqual({ kind: 'skipped' })
    expect(outside.getToken).not.toHaveBeenCalled()
    const loggedOut = env({ loggedOutExplicitly: () => true })
    expect(await runAppTokenLogin(loggedOut)).toEqual({ kind: 'skipped' })
    expect(loggedOut.getToken).not.toHaveBeenCalled()
    const nobody = env({ getToken: vi.fn(async () => null) })
    expect(await runAppTokenLogin(nobody)).toEqual({ kind: 'skipped' })
    expect(nobody.login).not.toHaveBeenCalled()
  })
})
