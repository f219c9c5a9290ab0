import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

// Login by SMS code, the 我的 tab and real-name authentication.

export const memberPaths = {
  login: '/Login',
  verificationCode: '/verificationCode',
  loginC: '/loginC',
  loginAndVerify: '/loginC/authentication',
  user: '/user',
  authentication: '/authentication',
} as const

/** Every path that shows the login screen (the spec names four). */
export const LOGIN_PATHS: readonly string[] = [
  memberPaths.login,
  memberPaths.verificationCode,
  memberPaths.loginC,
  memberPaths.loginAndVerify,
]

export const userHref = () => memberPaths.user
/** Real-name authentication, returning to `redirect` once verified. */
export const authenticationHref = (redirect?: string) => withQuery(memberPaths.authentication, { redirect })

const login = () => import('./LoginPage')

export const memberRoutes: ScreenRoute[] = [
  { path: memberPaths.login, title: '登录', load: login },
  { path: memberPaths.verificationCode, title: '验证码登录', load: login },
  { path: memberPaths.loginC, title: '登录', load: login },
  { path: memberPaths.loginAndVerify, title: '登录并实名认证', load: login },
  { path: memberPaths.user, title: '我的', tab: true, load: () => import('./UserPage') },
  { path: memberPaths.authentication, title: '实名认证', load: () => import('./AuthenticationPage') },
]
