import { withQuery } from '../../lib/href'

// Login by SMS code, the 我的 tab, real-name authentication and the member area: paths and href builders.

export const memberPaths = {
  login: '/Login',
  verificationCode: '/verificationCode',
  loginC: '/loginC',
  loginAndVerify: '/loginC/authentication',
  user: '/user',
  authentication: '/authentication',
  userCenter: '/userCenter',
  userInfo: '/userInfo',
  memberRules: '/memberRules',
  welfare: '/welfare',
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
export const userCenterHref = () => memberPaths.userCenter
export const userInfoHref = () => memberPaths.userInfo
export const memberRulesHref = () => memberPaths.memberRules
export const welfareHref = () => memberPaths.welfare
export const backToUser = { to: memberPaths.user, label: '返回我的' }
/** Real-name authentication, returning to `redirect` once verified. */
export const authenticationHref = (redirect?: string) => withQuery(memberPaths.authentication, { redirect })

export const personalInfoHref = () => memberPaths.personalInfo
