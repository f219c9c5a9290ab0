import { withQuery } from '../../lib/href'

// Login by SMS code, the 我的 tab and real-name authentication: paths and href builders.

export const memberPaths = {
  login: '/Login',
  verificationCode: '/verificationCode',
  loginC: '/loginC',
  loginAndVerify: '/loginC/authentication',
  user: '/user',
  authentication: '/authentication',
  personalInfo: '/personalInfo',
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

export const personalInfoHref = () => memberPaths.personalInfo
