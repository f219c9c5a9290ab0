import type { ScreenRoute } from '../../types/route'

export const homePaths = { home: '/' } as const

export const homeHref = () => homePaths.home

export const homeRoutes: ScreenRoute[] = [
  { path: homePaths.home, title: '国恒保险商城', tab: true, load: () => import('./HomePage') },
]
