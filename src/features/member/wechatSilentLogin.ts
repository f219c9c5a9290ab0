import type { Me } from './api'

// Inside WeChat a visitor who is not logged in goes once per tab through WeChat's silent web authorization
// (snsapi_base): a WeChat account bound to a phone account comes back logged in, an unbound one comes back as it
// left. The server says whether it has WeChat settings at all.

/** sessionStorage key: `sent` while the tab is away at WeChat's authorization, `done` once it came back. */
export const SILENT_LOGIN_TAB_KEY = 'wechat-silent-login'

/** The login screens and the query marks of an authorization that just ended: never sent off from there. */
export const WECHAT_QUERY_PARAM = 'wechat'

export interface SilentLoginEnv {
  inWechat: boolean
  /** The user logged out themselves (user.unLoginF), and nobody has logged in since. */
  loggedOutExplicitly(): boolean
  /** The stores hold a logged-in user. */
  loggedInLocally(): boolean
  /** Whether `pathname` (a router path) is a login screen. */
  isLoginScreen(pathname: string): boolean
  /** The browser's location: path (below the router's basename) and query; `href` for the return. */
  location(): { pathname: string; search: string; returnTo: string }
  tab: { get(): string | null; set(value: string): void }
  /** Whether the server can authorize with WeChat (GET /api/wechat/config's `oauth`). */
  oauthConfigured(): Promise<boolean>
  /** The session's user, null when logged out (GET /api/me). */
  fetchMe(): Promise<Me | null>
  loggedIn(me: Me): void
  /** Asks the server whose session this is (back from the authorization). */
  refreshSession(): Promise<void>
  /** The authorization's start for `returnTo`. */
  authorize(returnTo: string): void
}

export type SilentLoginOutcome =
  | 'not-in-wechat'
  | 'returned'
  | 'tried-this-tab'
  | 'logged-out-explicitly'
  | 'logged-in'
  | 'not-here'
  | 'not-configured'
  | 'authorizing'

/**
 * One step of the silent login, at the app's start. The tab is marked before it leaves, so it goes to WeChat at
 * most once; back from there, the session it may have now is asked for.
 */
export async function runWechatSilentLogin(env: SilentLoginEnv): Promise<SilentLoginOutcome> {
  if (!env.inWechat) return 'not-in-wechat'
  const state = env.tab.get()
  if (state === 'sent') {
    env.tab.set('done')
    await env.refreshSession()
    return 'returned'
  }
  if (state !== null) return 'tried-this-tab'
  if (env.loggedOutExplicitly()) return 'logged-out-explicitly'
  if (env.loggedInLocally()) return 'logged-in'
  const { pathname, search, returnTo } = env.location()
  // The login screen handles WeChat's answers itself (wechat=bind, wechat=failed), as does any page told so.
  if (env.isLoginScreen(pathname) || new URLSearchParams(search).has(WECHAT_QUERY_PARAM)) return 'not-here'
  if (!(await env.oauthConfigured())) return 'not-configured'
  const me = await env.fetchMe()
  if (me) {
    env.loggedIn(me)
    return 'logged-in'
  }
  env.tab.set('sent')
  env.authorize(returnTo)
  return 'authorizing'
}
