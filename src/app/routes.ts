import type { ScreenRoute } from '../types/route'

// The one route table of hand-written screens. Config pages (page-configs/) are added by the
// page runtime; both are registered under the main layout (/) and the in-app layout (/app/).
// Keep this file free of runtime imports: scripts read it under Node to check config paths.
export const screenRoutes: ScreenRoute[] = [
  { path: '/', title: '国恒保险商城', tab: true, load: () => import('../pages/home/HomePage') },
  { path: '/loading', title: '加载中', load: () => import('../pages/loading/LoadingPage') },
  { path: '/protocol/privacy', title: '隐私保护政策', load: () => import('../pages/protocol/ProtocolPage') },
  {
    path: '/protocol/sensitive',
    title: '个人敏感信息收集使用授权书',
    load: () => import('../pages/protocol/ProtocolPage'),
  },
  { path: '/protocol/service', title: '用户服务协议', load: () => import('../pages/protocol/ProtocolPage') },
  { path: '/protocol/auth', title: '实名认证授权书', load: () => import('../pages/protocol/ProtocolPage') },
]

/** The four top-level tabs; a tab shows only once its screen is in the route table. */
export const TAB_ITEMS = [
  { key: 'home', path: '/', title: '首页' },
  { key: 'shopping', path: '/shopping', title: '商城' },
  { key: 'points', path: '/points', title: '积分' },
  { key: 'user', path: '/user', title: '我的' },
] as const
