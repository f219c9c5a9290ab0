import { apiErrorOf } from '../../lib/request'
import type { AppTokenLoginRequest, LoginResponse, Me } from './api'

// Inside the company's app the app's token logs the user in (POST /api/auth/app-token): once per tab, when the
// app has a logged-in user, unless the user logged out of the mall themselves. A user who has not accepted the
// current login agreements is asked first (AppConsentSheet); the token waits in memory meanwhile, never stored.

/** sessionStorage key: the app's token was asked for in this tab. */
export const APP_TOKEN_TAB_KEY = 'app-token-login'

export interface AppTokenLoginEnv {
  isInApp: boolean
  loggedOutExplicitly(): boolean
  tab: { get(): string | null; set(value: string): void }
  /** The app's token (null: nobody logged in to the app, or no bridge). */
  getToken(): Promise<string | null>
  login(body: AppTokenLoginRequest): Promise<LoginResponse>
  loggedIn(me: Me): void
}

export type AppTokenLoginOutcome =
  | { kind: 'skipped' }
  | { kind: 'logged-in'; user: Me }
  /** The user must consent to the login agreements first: `finish` logs in with them. */
  | { kind: 'needs-consent'; finish: (agreements: AppTokenLoginRequest['agreements']) => Promise<Me> }
  | { kind: 'failed'; error: unknown }

export const isAgreementRequired = (error: unknown) => apiErrorOf(error)?.code === 'AGREEMENT_REQUIRED'

export async function runAppTokenLogin(env: AppTokenLoginEnv): Promise<AppTokenLoginOutcome> {
  if (!env.isInApp || env.tab.get() !== null || env.loggedOutExplicitly()) return { kind: 'skipped' }
  env.tab.set('asked')
  const token = await env.getToken()
  if (!token) return { kind: 'skipped' }
  const finish = async (agreements: AppTokenLoginRequest['agreements']) => {
    const { user } = await env.login(agreements ? { token, agreements } : { token })
    env.loggedIn(user)
    return user
  }
  try {
    return { kind: 'logged-in', user: await finish(undefined) }
  } catch (error) {
    if (isAgreementRequired(error)) return { kind: 'needs-consent', finish }
    return { kind: 'failed', error }
  }
}
