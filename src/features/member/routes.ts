import type { ScreenRoute } from '../../types/route'
import { memberPaths } from './paths'

// Login by SMS code, the 我的 tab and real-name authentication.

const login = () => import('./LoginPage')

export const memberRoutes: ScreenRoute[] = [
  { path: memberPaths.login, title: '登录', load: login },
  { path: memberPaths.verificationCode, title: '验证码登录', load: login },
  { path: memberPaths.loginC, title: '登录', load: login },
  { path: memberPaths.loginAndVerify, title: '登录并实名认证', load: login },
  { path: memberPaths.user, title: '我的', tab: true, load: () => import('./UserPage') },
  { path: memberPaths.authentication, title: '实名认证', load: () => import('./AuthenticationPage') },
  { path: memberPaths.userCenter, title: '个人中心', load: () => import('./UserCenterPage') },
  { path: memberPaths.userInfo, title: '账户与安全', load: () => import('./UserInfoPage') },
  { path: memberPaths.memberRules, title: '会员规则', load: () => import('./MemberRulesPage') },
  { path: memberPaths.welfare, title: '会员福利', load: () => import('./WelfarePage') },
  { path: memberPaths.personalInfo, title: '个人资料', load: () => import('./PersonalInfoPage') },
]
