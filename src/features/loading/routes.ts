import type { ScreenRoute } from '../../types/route'

export const loadingRoutes: ScreenRoute[] = [
  { path: '/loading', title: '加载中', load: () => import('./LoadingPage') },
]
