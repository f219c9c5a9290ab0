import type { ScreenRoute } from '../../types/route'
import { homePaths } from './paths'

export const homeRoutes: ScreenRoute[] = [
  {
    path: homePaths.home,
    title: '国恒保险商城',
    tab: true,
    sameForEveryone: true,
    load: () => import('./HomePage'),
  },
]
